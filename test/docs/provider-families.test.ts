/**
 * Keeps docs/providers.md's table of which families each provider serves equal to the adapters'
 * own claims (the registry's `supportedModels`, which supported-models.test.ts checks against the
 * fakes): the same table the API reference's GET /providers carries. Vite reads the page at
 * build time (`?raw`): the suite runs inside workerd. On a mismatch the expected table is in the
 * failure, ready to paste between the markers.
 */
import { describe, expect, it } from "vitest";
import page from "../../docs/providers.md?raw";
import { providerFamiliesTable } from "../../src/api/routes/providers/families-table";
import { BASE, call } from "../helpers/http";

const START = "<!-- provider-families:start -->";
const END = "<!-- provider-families:end -->";

describe("docs/providers.md: the families each provider serves", () => {
  it("lists every provider with exactly the models its adapter reads, as the API reference does", async () => {
    const start = page.indexOf(START);
    const end = page.indexOf(END);
    expect(start, `docs/providers.md has the ${START} marker`).toBeGreaterThan(0);
    expect(page.slice(start + START.length, end).trim()).toBe(providerFamiliesTable());
    const document = (await call("GET", `${BASE.production}/openapi.json`)).body;
    expect(document.paths["/providers"].get.description).toContain(providerFamiliesTable());
  });
});
