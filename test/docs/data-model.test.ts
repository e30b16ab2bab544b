/**
 * The data model the MCP server serves as a resource (src/mcp/data-model.ts) is the README's "Data
 * model" section word for word: the Worker cannot read the README, so the text lives in the source
 * and this keeps the two from drifting. Vite reads the README at build time (`?raw`).
 */
import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { DATA_MODEL } from "../../src/mcp/data-model";

describe("the data model", () => {
  it("is the README's Data model section, as the MCP resource serves it", () => {
    const section = readme.split("\n## Data model\n")[1]?.split("\n## ")[0]?.trim();
    expect(section, "the README has a ## Data model section").toBeDefined();
    expect(section).toBe(DATA_MODEL.trim());
  });
});
