/** Reading back the faults a fake provider injected (the fakes count each one on the account). */

/** The faults the fake at `baseUrl` has injected for an account so far, by kind. */
export async function injectedFaults(baseUrl: string, credential: string): Promise<Record<string, number>> {
  const response = await fetch(`${baseUrl}/__fake/accounts/${encodeURIComponent(credential)}`);
  if (response.status !== 200) throw new Error(`fake account not read: ${response.status}`);
  const body = (await response.json()) as { injected?: Record<string, number> };
  return body.injected ?? {};
}

export const totalFaults = (counts: Record<string, number>) =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);
