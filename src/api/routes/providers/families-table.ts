import { providerDocsOf } from "../../../providers/provider-docs";
import { listProviders } from "../../../providers/registry";
import type { ProviderAdapter } from "../../../providers/types";
import { WIRE_MODELS, wireSupport } from "../../../providers/wire-models";

/**
 * Which families each provider serves, as a Markdown table for the API reference: built from the
 * registry when the document is, so it says what `supportedModels` answers (and what
 * docs/providers.md's table, kept equal by a test, says).
 */
export function providerFamiliesTable(): string {
  const rows = allAdapters().map((adapter) => `| \`${adapter.code}\` | ${adapter.name} | ${servedBy(adapter)} |`);
  return ["| code | provider | families served |", "|---|---|---|", ...rows].join("\n");
}

/**
 * The same table for the README: the white labels of a platform that serve the same families as
 * it share its row (MyGeotab's resellers with Geotab), so that it stays one screen long.
 */
export function providerFamiliesSummary(): string {
  const groups = new Map<string, ProviderAdapter[]>();
  for (const adapter of allAdapters()) {
    const key = `${providerDocsOf(adapter.code).baseCode}|${servedBy(adapter)}`;
    groups.set(key, [...(groups.get(key) ?? []), adapter]);
  }
  const rows = [...groups.values()].map((adapters) => {
    const families = servedBy(adapters[0] as ProviderAdapter);
    const [first, ...others] = adapters as [ProviderAdapter, ...ProviderAdapter[]];
    const names = others.length
      ? `${first.name} and ${others.length} more (${others.map((adapter) => `\`${adapter.code}\``).join(", ")})`
      : first.name;
    return `| \`${first.code}\` | ${names} | ${families} |`;
  });
  return ["| code | provider | families served |", "|---|---|---|", ...rows].join("\n");
}

function allAdapters(): ProviderAdapter[] {
  return [...new Map([...listProviders("production"), ...listProviders("sandbox")].map((a) => [a.code, a])).values()];
}

function servedBy(adapter: ProviderAdapter): string {
  return WIRE_MODELS.filter((wire) => wireSupport(adapter, wire) === "supported").join(", ");
}
