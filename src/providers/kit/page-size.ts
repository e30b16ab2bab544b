/**
 * The page size to ask a provider for: what the engine wants, within the provider's maximum.
 * `fallback` when the engine's number is not a size (below 1, or not a number).
 */
export function clampPageSize(requested: number, max: number, fallback = max): number {
  return requested >= 1 ? Math.min(Math.floor(requested), max) : fallback;
}
