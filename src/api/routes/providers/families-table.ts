import { listProviders } from "../../../providers/registry";
import { WIRE_MODELS, wireSupport } from "../../../providers/wire-models";

/**
 * Which families each provider serves, as a Markdown table for the API reference: built from the
 * registry when the document is, so it says what `supportedModels` answers (and what
 * docs/providers.md's table, kept equal by a test, says).
 */
export function providerFamiliesTable(): string {
  const adapters = [
    ...new Map([...listProviders("production"), ...listProviders("sandbox")].map((a) => [a.code, a])).values(),
  ];
  const rows = adapters.map(
    (adapter) =>
      `| \`${adapter.code}\` | ${adapter.name} | ${WIRE_MODELS.filter((wire) => wireSupport(adapter, wire) === "supported").join(", ")} |`,
  );
  return ["| code | provider | families served |", "|---|---|---|", ...rows].join("\n");
}
