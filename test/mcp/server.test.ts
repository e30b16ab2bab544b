/**
 * The MCP server (issue 23) with the official SDK's clients of both generations: the handshake at
 * each environment's MCP address, the tools a caller may use, and answers equal to the REST
 * routes' for the same question.
 */
import { describe, expect, it } from "vitest";
import { syncedConnection } from "../destinations/delivery-helpers";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { connectMcp, SDK_GENERATIONS } from "./clients";

describe.each(SDK_GENERATIONS)("the MCP server with an SDK %s client", (generation) => {
  it("lists its tools and answers list_vehicles as GET /vehicles answers", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const { id: connectionId, caller } = await syncedConnection(app, 1);
    const client = await connectMcp(generation, { key });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["list_connections", "list_vehicles"]));
      const answer = await client.callTool("list_vehicles", { connectionId, limit: 5 });
      expect(answer.isError, JSON.stringify(answer)).toBeFalsy();
      const rest = await call("GET", `${BASE.sandbox}/vehicles?limit=5`, caller);
      expect(answer.structuredContent).toEqual(rest.body);
      expect(answer.content[0]?.text).toContain("5 vehicles on this page");
      // Arguments as an agent sends them: JSON booleans, each described as the API reference describes it.
      const listVehicles = tools.find((tool) => tool.name === "list_vehicles") as { inputSchema: any };
      expect(listVehicles.inputSchema.properties.raw).toMatchObject({
        type: "boolean",
        description: expect.any(String),
      });
      expect(listVehicles.inputSchema.properties.limit.description).toEqual(expect.any(String));
      const raw = await client.callTool("list_vehicles", { connectionId, limit: 2, raw: true });
      const restRaw = await call("GET", `${BASE.sandbox}/vehicles?limit=2&raw=true`, caller);
      expect(raw.structuredContent).toEqual(restRaw.body);
      expect(restRaw.body.results[0].raw).toBeDefined();
      // An argument the route's schema refuses: the contract's bad_request, where a REST query's would be.
      const refused = await client.callTool("list_vehicles", { connectionId, limit: 100_000 });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({
        code: "bad_request",
        detail: [expect.objectContaining({ path: "{toolArguments}.limit" })],
      });
    } finally {
      await client.close();
    }
  });

  it("lists connections with their last sync, as GET /connections and GET /connections/{id} answer", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const { id: connectionId } = await syncedConnection(app, 1);
    const client = await connectMcp(generation, { key });
    try {
      const answer = await client.callTool("list_connections", {});
      expect(answer.isError, JSON.stringify(answer)).toBeFalsy();
      const list = await call("GET", `${BASE.sandbox}/connections`, { key });
      const one = await call("GET", `${BASE.sandbox}/connections/${connectionId}`, { key });
      expect(one.body.lastSync.status).toBe("completed");
      expect(answer.structuredContent).toEqual({
        ...list.body,
        results: list.body.results.map((item: { id: string }) => ({ ...item, lastSync: one.body.lastSync })),
      });
      expect(answer.content[0]?.text).toContain(`${connectionId} (sandbox): connected; last sync completed`);
      const got = await client.callTool("get_connection", { id: connectionId });
      expect(got.structuredContent).toEqual(one.body);
    } finally {
      await client.close();
    }
  });
});
