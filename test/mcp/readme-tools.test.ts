/**
 * The README's table of MCP tools names every tool the server lists for a secret key, and no other
 * (Vite reads the README at build time, `?raw`): the table is what users read before connecting.
 */
import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { createTestApplication } from "../helpers/factories";
import { connectMcp } from "./clients";

describe("the README's MCP tools", () => {
  it("are the tools the server lists", async () => {
    const section = readme.split("\n## MCP server")[1]?.split("\n## ")[0] ?? "";
    const table = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| what"));
    const documented = table.flatMap((line) =>
      [...(line.split("|")[2] ?? "").matchAll(/`([a-z_]+)`/g)].map((m) => m[1]),
    );
    const app = await createTestApplication();
    const client = await connectMcp("v2", { key: app.keys.sandbox.secret });
    try {
      const listed = (await client.listTools()).tools.map((tool) => tool.name);
      expect([...new Set(documented)].sort()).toEqual([...listed].sort());
      expect(section).toContain(`The ${listed.length} tools`);
    } finally {
      await client.close();
    }
  });
});
