/**
 * Who may use the MCP server (issue 23), through the Worker's fetch handler and the official SDK
 * clients: the API's own authentication at each environment's MCP address (refused in the
 * contract's error shape before any MCP exchange), connections of the caller's application only,
 * a Connection-Token that pins one, members with their role (a viewer sees read tools only), the
 * REST API's rate limits on tool calls, and both protocol generations with the server's resources.
 */
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { DATA_MODEL } from "../../src/mcp/data-model";
import { localLimiter } from "../../src/rate-limit/local-limiter";
import { createTestApplication, insertConnection, insertSandboxConnection } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { addMembership, createTestMember } from "../members/helpers";
import { connectMcp, MCP, SDK_GENERATIONS } from "./clients";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

/** A raw MCP initialize request, as a client that does not know it is refused would send it. */
async function rawInitialize(url: string, headers: Record<string, string>) {
  const response = await exports.default.fetch(
    new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(INITIALIZE),
    }),
  );
  const json = response.headers.get("content-type")?.startsWith("application/json");
  return { status: response.status, body: (json ? await response.json() : await response.text()) as any };
}

afterEach(() => {
  localLimiter.clock = Date.now;
});

describe("authentication at the MCP address", () => {
  it("refuses no key, an unknown key, the other environment's key and a publishable key, as the API does", async () => {
    const app = await createTestApplication();
    const cases: { headers: Record<string, string>; url: string }[] = [
      { headers: {}, url: MCP.sandbox },
      { headers: { authorization: "Bearer sk_test_unknown" }, url: MCP.sandbox },
      { headers: { authorization: `Bearer ${app.keys.production.secret}` }, url: MCP.sandbox },
      { headers: { authorization: `Bearer ${app.keys.sandbox.publishable}` }, url: MCP.sandbox },
    ];
    for (const { headers, url } of cases) {
      const answer = await rawInitialize(url, headers);
      expect(answer.status, JSON.stringify(answer.body)).toBe(401);
      expect(answer.body).toMatchObject({ code: "unauthorized", message: expect.any(String) });
    }
    // The production key at the production address is let in.
    const production = await rawInitialize(MCP.production, { authorization: `Bearer ${app.keys.production.secret}` });
    expect(production.status).toBe(200);
  });

  it("refuses a Connection-Token of another application, and a malformed one", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const theirs = await insertSandboxConnection(other);
    const key = `Bearer ${app.keys.sandbox.secret}`;
    const foreign = await rawInitialize(MCP.sandbox, { authorization: key, "connection-token": theirs.token });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("forbidden");
    const malformed = await rawInitialize(MCP.sandbox, { authorization: key, "connection-token": "nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("bad_request");
  });
});

describe.each(SDK_GENERATIONS)("an SDK %s client", (generation) => {
  it("negotiates its protocol revision and reads the server's resources", async () => {
    const app = await createTestApplication();
    const client = await connectMcp(generation, { key: app.keys.sandbox.secret });
    try {
      // The current SDK speaks the current revision; the 1.x line the previous one.
      expect(client.protocolVersion()).toBe(generation === "v2" ? "2026-07-28" : "2025-11-25");
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri).sort()).toEqual([
        "telematics://data-model.md",
        "telematics://openapi.json",
      ]);
      const document = JSON.parse((await client.readResource("telematics://openapi.json")).contents[0]?.text ?? "");
      const rest = await call("GET", `${BASE.sandbox}/openapi.json`, {});
      expect(document).toEqual(rest.body);
      expect((await client.readResource("telematics://data-model.md")).contents[0]?.text).toBe(DATA_MODEL);
    } finally {
      await client.close();
    }
  });

  it("reads only its application's connections, and a pinned connection only", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const mine = await insertSandboxConnection(app);
    const theirs = await insertSandboxConnection(other);
    const deleted = await insertConnection(app, "sandbox", { status: "deleted", deletedAt: new Date() });
    const client = await connectMcp(generation, { key: app.keys.sandbox.secret });
    try {
      const foreign = await client.callTool("list_vehicles", { connectionId: theirs.id });
      expect(foreign.isError).toBe(true);
      expect(foreign.structuredContent).toMatchObject({ code: "not_found" });
      const gone = await client.callTool("list_vehicles", { connectionId: deleted.id });
      expect(gone.structuredContent).toMatchObject({ code: "connection_deleted" });
      const missing = await client.callTool("list_vehicles", {});
      expect(missing.structuredContent).toMatchObject({ code: "bad_request" });
      expect((await client.callTool("list_vehicles", { connectionId: mine.id })).isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const pinned = await connectMcp(generation, { key: app.keys.sandbox.secret, connectionToken: mine.token });
    try {
      expect((await pinned.callTool("list_vehicles", {})).isError).toBeFalsy();
      const elsewhere = await pinned.callTool("list_vehicles", { connectionId: deleted.id });
      expect(elsewhere.structuredContent).toMatchObject({ code: "forbidden" });
    } finally {
      await pinned.close();
    }
  });

  it("lets members in with their role: a viewer's tools only read", async () => {
    const app = await createTestApplication();
    const connection = await insertSandboxConnection(app);
    const viewer = await createTestMember();
    await addMembership(app.id, viewer.id, "viewer");
    const admin = await createTestMember();
    await addMembership(app.id, admin.id, "admin");
    const asViewer = await connectMcp(generation, { key: viewer.token });
    const asAdmin = await connectMcp(generation, { key: admin.token, applicationId: app.id });
    try {
      const viewerTools = (await asViewer.listTools()).tools;
      const adminTools = (await asAdmin.listTools()).tools;
      expect(viewerTools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
      const readOnly = adminTools.filter((tool) => tool.annotations?.readOnlyHint === true).map((tool) => tool.name);
      expect(viewerTools.map((tool) => tool.name)).toEqual(readOnly);
      // A member reads a connection's data by id (the REST API needs the connection's token for it).
      const answer = await asViewer.callTool("list_vehicles", { connectionId: connection.id });
      expect(answer.isError, JSON.stringify(answer)).toBeFalsy();
    } finally {
      await asViewer.close();
      await asAdmin.close();
    }
  });

  it("answers a tool call over the REST API's rate limit with too_many_requests and retryAfter", async () => {
    const app = await createTestApplication();
    const connection = await insertSandboxConnection(app, { syncMode: "manual" });
    const caller = { key: app.keys.sandbox.secret, token: connection.token };
    const client = await connectMcp(generation, { key: app.keys.sandbox.secret });
    try {
      // The limiter's clock stopped: the burst lands in one period however slowly this machine sends it.
      const now = Date.now();
      localLimiter.clock = () => now;
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => call("GET", `${BASE.sandbox}/connections/current`, caller)),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const limited = await client.callTool("list_vehicles", { connectionId: connection.id });
      expect(limited.isError).toBe(true);
      expect(limited.structuredContent).toMatchObject({ code: "too_many_requests", retryAfter: expect.any(Number) });
      expect(limited.content[0]?.text).toContain("Retry after");
    } finally {
      await client.close();
    }
  });
});
