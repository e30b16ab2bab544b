/**
 * Keeps docs/providers.md's table of which families each provider serves equal to the adapters'
 * own claims (the registry's `supportedModels`, which supported-models.test.ts checks against the
 * fakes). Vite reads the page at build time (`?raw`): the suite runs inside workerd. On a
 * mismatch the expected table is in the failure, ready to paste between the markers.
 */
import { describe, expect, it } from "vitest";
import page from "../../docs/providers.md?raw";
import { listProviders } from "../../src/providers/registry";
import { WIRE_MODELS, wireSupport } from "../../src/providers/wire-models";

const START = "<!-- provider-families:start -->";
const END = "<!-- provider-families:end -->";

/** The wire names of the models a provider reads (GET /providers' `supported`), in the wire's order. */
function servedModels(adapter: ReturnType<typeof listProviders>[number]): string {
  return WIRE_MODELS.filter((wire) => wireSupport(adapter, wire) === "supported").join(", ");
}

/** The table as it must read: one row per provider of either environment, in the registry's order. */
function expectedTable(): string {
  const adapters = [
    ...new Map([...listProviders("production"), ...listProviders("sandbox")].map((a) => [a.code, a])).values(),
  ];
  const rows = adapters.map((adapter) => `| \`${adapter.code}\` | ${adapter.name} | ${servedModels(adapter)} |`);
  return ["| code | provider | families served |", "|---|---|---|", ...rows].join("\n");
}

describe("docs/providers.md: the families each provider serves", () => {
  it("lists every provider with exactly the models its adapter reads", () => {
    const start = page.indexOf(START);
    const end = page.indexOf(END);
    expect(start, `docs/providers.md has the ${START} marker`).toBeGreaterThan(0);
    expect(page.slice(start + START.length, end).trim()).toBe(expectedTable());
  });
});
