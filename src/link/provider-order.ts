import type { ProviderAdapter } from "../providers/types";

/**
 * The picker's order: the hinted providers first, in the hints' order (a short link's
 * `providerHints`), then every other one in the registry's display order. A hint that names
 * no provider offered here (one withdrawn since the link was made) is skipped.
 */
export function hintedFirst(
  providers: readonly ProviderAdapter[],
  hints: readonly string[] | undefined,
): ProviderAdapter[] {
  if (!hints?.length) return [...providers];
  const byCode = new Map(providers.map((provider) => [provider.code, provider]));
  const hinted = [...new Set(hints)].flatMap((code) => byCode.get(code) ?? []);
  return [...hinted, ...providers.filter((provider) => !hinted.includes(provider))];
}
