/**
 * The sandbox's two non-deterministic inputs, kept behind one small seam so tests can pin them:
 * - `random` decides injected faults only (they must pass on a retry, so they cannot be seeded);
 * - `now` gives the default revision (hours since the connection was created) and the expiry
 *   of camera media URLs.
 * The fleet's data never reads either.
 */
export type SandboxRuntime = { random: () => number; now: () => number };

const defaults: SandboxRuntime = { random: () => Math.random(), now: () => Date.now() };
const current: SandboxRuntime = { ...defaults };

export const sandboxRuntime: Readonly<SandboxRuntime> = {
  random: () => current.random(),
  now: () => current.now(),
};

/** Replaces some of the inputs (tests only); returns a function that restores the previous ones. */
export function setSandboxRuntime(overrides: Partial<SandboxRuntime>): () => void {
  const previous = { ...current };
  Object.assign(current, overrides);
  return () => {
    Object.assign(current, previous);
  };
}
