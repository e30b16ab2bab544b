/**
 * Keeps the tables of which families each provider serves, in docs/providers.md and in the README,
 * equal to the adapters' own claims (the registry's `supportedModels`, which supported-models.test.ts
 * checks against the fakes): the same table the API reference's GET /providers carries. Vite reads
 * the pages at build time (`?raw`): the suite runs inside workerd. On a mismatch the expected table
 * is in the failure, ready to paste between the markers.
 */
import { describe, expect, it } from "vitest";
import page from "../../docs/providers.md?raw";
import readme from "../../README.md?raw";
import { providerFamiliesSummary, providerFamiliesTable } from "../../src/api/routes/providers/families-table";
import { BASE, call } from "../helpers/http";

const START = "<!-- provider-families:start -->";
const END = "<!-- provider-families:end -->";

function between(text: string, name: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  expect(start, `${name} has the ${START} marker`).toBeGreaterThan(0);
  return text.slice(start + START.length, end).trim();
}

describe("the families each provider serves", () => {
  it("docs/providers.md lists every provider with exactly the models its adapter reads, as the API reference does", async () => {
    expect(between(page, "docs/providers.md")).toBe(providerFamiliesTable());
    const document = (await call("GET", `${BASE.production}/openapi.json`)).body;
    expect(document.paths["/providers"].get.description).toContain(providerFamiliesTable());
  });

  it("the README says the same, providers serving the same families on one row", () => {
    expect(between(readme, "README.md")).toBe(providerFamiliesSummary());
  });
});
