import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { publicTokens } from "../../src/db/schema";
import { detailAt, expectBadRequest, expectError, expectRequestId, idRegex } from "../helpers/api-assertions";
import {
  createSandboxConnection,
  createTestApplication,
  db,
  insertConnection,
  mintTestPublicToken,
  type TestApplication,
} from "../helpers/factories";
import { BASE, call, type Environment } from "../helpers/http";

function exchange(app: TestApplication, publicToken: unknown, environment: Environment = "sandbox") {
  return call("POST", `${BASE[environment]}/public-token/exchange`, {
    key: app.keys[environment].secret,
    body: { publicToken },
  });
}

describe("POST /public-token/exchange", () => {
  it("answers 200 with the full connection and its long-lived token", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { externalId: "exchange-1", tags: ["a"] });
    const { publicToken } = await mintTestPublicToken(connection, app);
    expect(publicToken).toMatch(/^pub_tkn_\S+$/);

    const result = await exchange(app, publicToken);
    expect(result.status).toBe(200);
    expectRequestId(result);
    expect(result.body.id).toBe(connection.id);
    expect(result.body.id).toMatch(idRegex("conn_"));
    expect(result.body.token).toBe(connection.token);
    expect(result.body.token).toMatch(/^con_tkn_\S+$/);
    expect(result.body).toMatchObject({
      provider: { code: "sandbox", name: "Sandbox" },
      externalId: "exchange-1",
      tags: ["a"],
      status: "connected",
      syncMode: "automatic",
      company: { dotNumbers: [] },
      account: { dotNumbers: expect.any(Array) },
      options: {},
      createdAt: connection.createdAt,
      updatedAt: connection.updatedAt,
      linkUrl: connection.linkUrl,
    });

    // The token it answers selects the connection.
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: result.body.token,
    });
    expect(current.status).toBe(200);
    expect(current.body.id).toBe(connection.id);
  });

  it("works once: a second exchange of the same public token is not_found", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const { publicToken } = await mintTestPublicToken(connection, app);

    expect((await exchange(app, publicToken)).status).toBe(200);
    expectError(await exchange(app, publicToken), 404, "not_found");
  });

  it("answers not_found for an expired public token", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const { publicToken } = await mintTestPublicToken(connection, app);
    await db()
      .update(publicTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publicTokens.connectionId, connection.id));

    expectError(await exchange(app, publicToken), 404, "not_found");
  });

  it("answers not_found for a public token that was never issued", async () => {
    const app = await createTestApplication();
    expectError(await exchange(app, `pub_tkn_${crypto.randomUUID().replaceAll("-", "")}`), 404, "not_found");
  });

  it("forbids a public token of another application, and does not spend it", async () => {
    const owner = await createTestApplication();
    const intruder = await createTestApplication();
    const connection = await createSandboxConnection(owner);
    const { publicToken } = await mintTestPublicToken(connection, owner);

    const refused = await exchange(intruder, publicToken);
    expectError(refused, 403, "forbidden");
    expect(JSON.stringify(refused.body)).not.toContain(connection.token);

    const [stored] = await db().select().from(publicTokens).where(eq(publicTokens.connectionId, connection.id));
    expect(stored?.usedAt).toBeNull();

    const exchanged = await exchange(owner, publicToken);
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.token).toBe(connection.token);
  });

  it("forbids a public token of the other environment of the same application, and does not spend it", async () => {
    const app = await createTestApplication();
    const production = await insertConnection(app, "production");
    const { publicToken } = await mintTestPublicToken(production, app, "production");

    expectError(await exchange(app, publicToken, "sandbox"), 403, "forbidden");

    const exchanged = await exchange(app, publicToken, "production");
    expect(exchanged.status).toBe(200);
    expect(exchanged.body.id).toBe(production.id);
    expect(exchanged.body.token).toBe(production.token);
  });

  it("answers connection_deleted for the public token of a deleted connection", async () => {
    const app = await createTestApplication();
    const deleted = await insertConnection(app, "sandbox", { status: "deleted", deletedAt: new Date() });
    const { publicToken } = await mintTestPublicToken(deleted, app);
    const result = await exchange(app, publicToken);
    expectError(result, 410, "connection_deleted");
    expect(JSON.stringify(result.body)).not.toContain(deleted.token);
  });
});

describe("POST /public-token/exchange validation", () => {
  it.each([
    ["a connection token", "con_tkn_abcdef"],
    ["no prefix", "abcdef"],
    ["the bare prefix", "pub_tkn_"],
    ["whitespace after the prefix", "pub_tkn_ab cd"],
  ])("refuses %s", async (_label, publicToken) => {
    const app = await createTestApplication();
    const detail = expectBadRequest(await exchange(app, publicToken));
    detailAt(detail, "{requestBody}.publicToken");
  });

  it("refuses a missing publicToken", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.secret,
      body: {},
    });
    detailAt(expectBadRequest(result), "{requestBody}.publicToken");
  });

  it("refuses a publicToken that is not a string", async () => {
    const app = await createTestApplication();
    detailAt(expectBadRequest(await exchange(app, 42)), "{requestBody}.publicToken");
  });

  it("does not spend a valid public token sent with a bad request", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const { publicToken } = await mintTestPublicToken(connection, app);
    const bad = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.secret,
      rawBody: `{"publicToken": "${publicToken}"`,
      headers: { "content-type": "application/json" },
    });
    expectError(bad, 400, "bad_request");
    expect((await exchange(app, publicToken)).status).toBe(200);
  });
});

describe("POST /public-token/exchange authentication", () => {
  it("refuses the other environment's key, without spending the token", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const { publicToken } = await mintTestPublicToken(connection, app);

    const result = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.production.secret,
      body: { publicToken },
    });
    expectError(result, 401, "unauthorized");
    expect((await exchange(app, publicToken)).status).toBe(200);
  });

  it("refuses a publishable key", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const { publicToken } = await mintTestPublicToken(connection, app);
    const result = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.publishable,
      body: { publicToken },
    });
    expectError(result, 401, "unauthorized");
    expect((await exchange(app, publicToken)).status).toBe(200);
  });
});

describe("public tokens are minted only by the hosted flow (its pages, and its completion route)", () => {
  it("no path of the API document but /public-token/exchange and /link/complete mentions public tokens", async () => {
    const result = await call("GET", `${BASE.production}/openapi.json`);
    expect(result.status).toBe(200);
    const paths = result.body.paths as Record<string, unknown>;
    expect(Object.keys(paths)).toContain("/public-token/exchange");
    const mentions = /public.?token|pub_tkn/i;
    const mentioning = Object.entries(paths)
      .filter(([path, item]) => mentions.test(path) || mentions.test(JSON.stringify(item)))
      .map(([path]) => path);
    expect(mentioning.sort()).toEqual(["/link/complete", "/public-token/exchange"]);
    // The completion takes a publishable key only: no secret-key route mints a public token.
    const complete = (paths["/link/complete"] as any).post;
    expect(complete.security).toEqual([{ publishableKey: [] }]);
    // And the exchange is a POST that answers a connection; it has no other method.
    expect(Object.keys(paths["/public-token/exchange"] as object).filter((key) => key !== "servers")).toEqual(["post"]);
  });

  it("no component schema but the exchange request and the completion's answer carries a publicToken field", async () => {
    const result = await call("GET", `${BASE.production}/openapi.json`);
    const schemas = (result.body.components?.schemas ?? {}) as Record<string, unknown>;
    const carrying = Object.entries(schemas)
      .filter(([, schema]) => /"publicToken"/.test(JSON.stringify(schema)))
      .map(([name]) => name);
    expect(carrying.sort()).toEqual(["LinkCompleteResponse", "PublicTokenExchangeRequest"]);
  });
});
