/**
 * The authentication and authorization matrix, generated from the served OpenAPI document:
 * every /tsp/v1 operation is called with every kind of bad key, and every connection-scoped
 * operation with every kind of bad connection token. A route that forgot its scope, or an
 * operation added later, is caught without touching this file.
 */
import { afterAll, describe, expect, it } from "vitest";
import { newApp } from "../../src/app";
import { expectBadRequestAt, expectError, randomBase62 } from "../helpers/error-contract";
import {
  createSandboxConnection,
  createTestApplication,
  insertConnection,
  insertSandboxConnection,
  mintTestPublicToken,
  type TestApplication,
} from "../helpers/factories";
import { admin, BASE, type CallResult, call } from "../helpers/http";
import { prepareFor } from "../helpers/matrix-fixtures";
import {
  buildRequest,
  type ConcreteRequest,
  fetchDocument,
  HTTP_METHODS,
  listOperations,
  needsConnectionToken,
  type Operation,
  takesPublishableKey,
} from "../helpers/openapi-operations";

const document = await fetchDocument(BASE.production);
const operations = listOperations(document).filter((operation) => !operation.admin);
const connectionOperations = operations.filter(needsConnectionToken);

/** Scenario → operations it was run against; checked after all tests for full coverage. */
const covered = new Map<string, Set<string>>();
function record(scenario: string, operation: Operation) {
  if (!covered.has(scenario)) covered.set(scenario, new Set());
  covered.get(scenario)?.add(operation.name);
}
const KEY_SCENARIOS = [
  "valid",
  "missing key",
  "malformed key",
  "unknown key",
  "production key at sandbox",
  "publishable key",
  "revoked key",
];
const TOKEN_SCENARIOS = [
  "missing token",
  "malformed token",
  "unknown token",
  "other application's token",
  "other environment's token",
  "deleted connection",
  "sandbox token in production",
];

function send(request: ConcreteRequest, options: { authorization?: string; key?: string; token?: string }) {
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  return call(request.method, request.url, {
    key: options.key,
    token: options.token,
    body: request.body,
    headers,
  });
}

/**
 * A fresh application with a sandbox connection and a public token for it. The connection is
 * written directly: the matrix reads no synced data, and a first sync per test (hundreds in this
 * file) would queue up in the background until the tests that wait for a quiet connection
 * (the /syncs routes) waited on all of them.
 */
async function setup() {
  const app = await createTestApplication();
  const { row, token } = await insertSandboxConnection(app);
  const connection = { ...row, token };
  const { publicToken } = await mintTestPublicToken(connection, app);
  return { app, connection, publicToken };
}

/** The kind of key an operation takes (secret, or publishable for the browser routes), and the other kind. */
const keyKind = (operation: Operation) => (takesPublishableKey(operation) ? "publishable" : "secret");
const otherKind = (operation: Operation) => (takesPublishableKey(operation) ? "secret" : "publishable");

/** The connection token to send so that only the key can be at fault. */
const tokenFor = (operation: Operation, token: string) => (needsConnectionToken(operation) ? token : undefined);

const describeResult = (result: CallResult<any>) => `${result.status} ${JSON.stringify(result.body)}`;

describe("the matrix", () => {
  it("covers every /tsp/v1 operation of the document, including the core ones", () => {
    const counted = Object.values(document.paths)
      .filter((item) => !("servers" in item))
      .reduce((sum, item) => sum + HTTP_METHODS.filter((method) => method in item).length, 0);
    expect(counted).toBeGreaterThan(0);
    expect(operations).toHaveLength(counted);
    const names = operations.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /connections/current",
        "PATCH /connections/current",
        "DELETE /connections/current",
        "POST /connections",
        "GET /connections",
        "POST /public-token/exchange",
        "GET /providers",
        "GET /usage",
      ]),
    );
    expect(connectionOperations.map((operation) => operation.name)).toEqual(
      expect.arrayContaining(["GET /connections/current", "PATCH /connections/current", "DELETE /connections/current"]),
    );
  });

  it("reaches every route the app serves under /tsp/v1: none is missing from the document", () => {
    const documented = new Set(operations.map((operation) => operation.name));
    const public_ = new Set(["GET /openapi.json", "GET /docs", "GET /docs/scalar.js"]);
    const served = newApp()
      .routes.filter((route) => route.method !== "ALL" && route.path.startsWith("/tsp/v1/"))
      .map((route) => `${route.method} ${route.path.slice("/tsp/v1".length).replace(/:(\w+)/g, "{$1}")}`)
      .filter((name) => !public_.has(name));
    expect(served.length).toBeGreaterThan(0);
    for (const name of served) expect(documented, `${name} is served but not documented`).toContain(name);
  });
});

describe.each(operations)("$name", (operation) => {
  it("answers the generated request with a valid key (the control of this matrix)", async () => {
    record("valid", operation);
    const { app, connection, publicToken } = await setup();
    const pathIds = await prepareFor(operation, app, connection, connection.token);
    const request = buildRequest(document, operation, BASE.sandbox, { publicToken, pathIds });
    const result = await send(request, {
      key: app.keys.sandbox[keyKind(operation)],
      token: tokenFor(operation, connection.token),
    });
    expect(result.status, describeResult(result)).toBeGreaterThanOrEqual(200);
    expect(result.status, describeResult(result)).toBeLessThan(300);
    expect(Object.keys(operation.operation.responses)).toContain(String(result.status));
  });

  it("without Authorization: 401 unauthorized", async () => {
    record("missing key", operation);
    const { connection } = await setup();
    const result = await send(buildRequest(document, operation, BASE.sandbox), {
      token: tokenFor(operation, connection.token),
    });
    expectError(result, "unauthorized");
  });

  it("with a malformed key or scheme: 401 unauthorized", async () => {
    record("malformed key", operation);
    const { app, connection } = await setup();
    const request = buildRequest(document, operation, BASE.sandbox);
    const malformed = [
      "Bearer not-a-key",
      "Bearer ",
      `Basic ${btoa("user:password")}`,
      app.keys.sandbox.secret, // no scheme
      `Token ${app.keys.sandbox.secret}`,
      `Bearer ${app.keys.sandbox.secret}x`,
      `Bearer ${app.keys.sandbox.secret} extra`,
      `Bearer sk_sandbox_${randomBase62(300)}`,
      `Bearer ${app.keys.sandbox.secret.replace("sk_sandbox_", "sk_live_")}`,
    ];
    for (const authorization of malformed) {
      const result = await send(request, { authorization, token: tokenFor(operation, connection.token) });
      expect(result.status, `${authorization}: ${describeResult(result)}`).toBe(401);
      expectError(result, "unauthorized");
    }
  });

  it("with an unknown well-formed secret key: 401 unauthorized", async () => {
    record("unknown key", operation);
    const { connection } = await setup();
    const result = await send(buildRequest(document, operation, BASE.sandbox), {
      key: `sk_sandbox_${randomBase62(40)}`,
      token: tokenFor(operation, connection.token),
    });
    expectError(result, "unauthorized");
  });

  it("with the production key at the sandbox base address: 401 unauthorized", async () => {
    record("production key at sandbox", operation);
    const { app, connection } = await setup();
    const result = await send(buildRequest(document, operation, BASE.sandbox), {
      key: app.keys.production[keyKind(operation)],
      token: tokenFor(operation, connection.token),
    });
    expectError(result, "unauthorized");
  });

  it("with the other kind of key (publishable, or secret on browser routes), of either environment: 401", async () => {
    record("publishable key", operation);
    const { app, connection, publicToken } = await setup();
    const request = buildRequest(document, operation, BASE.sandbox, { publicToken });
    for (const key of [app.keys.sandbox[otherKind(operation)], app.keys.production[otherKind(operation)]]) {
      const result = await send(request, { key, token: tokenFor(operation, connection.token) });
      expectError(result, "unauthorized");
    }
  });

  it("with a revoked key: 401 unauthorized", async () => {
    record("revoked key", operation);
    const { app, connection } = await setup();
    // The key works until it is revoked, so the 401 afterwards is the revocation's doing.
    const request = buildRequest(document, operation, BASE.sandbox);
    const key = app.keys.sandbox[keyKind(operation)];
    const before = await send(request, { key, token: tokenFor(operation, connection.token) });
    expect(before.status, describeResult(before)).not.toBe(401);
    const revoked = await admin(
      "DELETE",
      `/applications/${app.id}/keys/${app.keyIds[`sandbox.${keyKind(operation)}`]}`,
    );
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const after = await send(request, { key, token: tokenFor(operation, connection.token) });
    expectError(after, "unauthorized");
  });
});

describe.each(connectionOperations)("$name with its Connection-Token", (operation) => {
  it("missing Connection-Token: 400 bad_request at {requestHeaders}.connection-token", async () => {
    record("missing token", operation);
    const { app } = await setup();
    const result = await send(buildRequest(document, operation, BASE.sandbox), { key: app.keys.sandbox.secret });
    expectBadRequestAt(result, "{requestHeaders}.connection-token");
  });

  it("malformed Connection-Token: 400 bad_request at {requestHeaders}.connection-token", async () => {
    record("malformed token", operation);
    const { app, connection } = await setup();
    const request = buildRequest(document, operation, BASE.sandbox);
    const malformed = [
      "not-a-token",
      "con_tkn_",
      connection.token.replace("con_tkn_", "pub_tkn_"),
      connection.token.replace("con_tkn_", ""),
      `con_tkn_${randomBase62(300)}`,
    ];
    for (const value of malformed) {
      const result = await send(request, { key: app.keys.sandbox.secret, token: value });
      expect(result.status, `${value}: ${describeResult(result)}`).toBe(400);
      expectBadRequestAt(result, "{requestHeaders}.connection-token");
    }
  });

  it("unknown Connection-Token: 403 forbidden", async () => {
    record("unknown token", operation);
    const { app } = await setup();
    const result = await send(buildRequest(document, operation, BASE.sandbox), {
      key: app.keys.sandbox.secret,
      token: `con_tkn_${randomBase62(40)}`,
    });
    expectError(result, "forbidden");
  });

  it("another application's Connection-Token: 403 forbidden", async () => {
    record("other application's token", operation);
    const { app } = await setup();
    const other = await createTestApplication();
    const foreign = await createSandboxConnection(other);
    const result = await send(buildRequest(document, operation, BASE.sandbox), {
      key: app.keys.sandbox.secret,
      token: foreign.token,
    });
    expectError(result, "forbidden");
    // The foreign connection is untouched and still answers its own application.
    const own = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: other.keys.sandbox.secret,
      token: foreign.token,
    });
    expect(own.status, describeResult(own)).toBe(200);
    expect(own.body.status).toBe("connected");
  });

  it("a Connection-Token of the same application in the other environment: 403 forbidden", async () => {
    record("other environment's token", operation);
    const { app } = await setup();
    const production = await insertConnection(app, "production");
    const result = await send(buildRequest(document, operation, BASE.sandbox), {
      key: app.keys.sandbox.secret,
      token: production.token,
    });
    expectError(result, "forbidden");
  });

  it("the token of a deleted (or deleting) connection: 410 connection_deleted", async () => {
    record("deleted connection", operation);
    const { app } = await setup();
    for (const status of ["deleted", "deleting"] as const) {
      const gone = await insertConnection(app, "sandbox", { status, deletedAt: new Date() });
      const result = await send(buildRequest(document, operation, BASE.sandbox), {
        key: app.keys.sandbox.secret,
        token: gone.token,
      });
      expectError(result, "connection_deleted");
    }
  });

  it("a sandbox connection's token with the production key at the production base: 403 forbidden", async () => {
    record("sandbox token in production", operation);
    const { app, connection } = await setup();
    const result = await send(buildRequest(document, operation, BASE.production), {
      key: app.keys.production.secret,
      token: connection.token,
    });
    expectError(result, "forbidden");
    // The production key and base themselves are fine: a production connection's token is served.
    const production = await insertConnection(app, "production");
    const pathIds = await prepareFor(operation, app, production.row, production.token, "production");
    const served = await send(buildRequest(document, operation, BASE.production, { pathIds }), {
      key: app.keys.production.secret,
      token: production.token,
    });
    expect(served.status, describeResult(served)).toBeGreaterThanOrEqual(200);
    expect(served.status, describeResult(served)).toBeLessThan(300);
  });
});

describe("sandbox and production data never mix", () => {
  async function setupBoth(app: TestApplication) {
    const sandbox = await createSandboxConnection(app);
    const production = await insertConnection(app, "production");
    return { sandbox, production };
  }

  it("a sandbox connection's token with the production key at the production base is forbidden", async () => {
    const app = await createTestApplication();
    const { sandbox } = await setupBoth(app);
    const result = await call("GET", `${BASE.production}/connections/current`, {
      key: app.keys.production.secret,
      token: sandbox.token,
    });
    expectError(result, "forbidden");
    const reverse = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: (await insertConnection(app, "production")).token,
    });
    expectError(reverse, "forbidden");
  });

  it("each environment lists only its own connections", async () => {
    const app = await createTestApplication();
    const { sandbox, production } = await setupBoth(app);
    const inSandbox = await call("GET", `${BASE.sandbox}/connections`, { key: app.keys.sandbox.secret });
    const inProduction = await call("GET", `${BASE.production}/connections`, { key: app.keys.production.secret });
    expect(inSandbox.status).toBe(200);
    expect(inProduction.status).toBe(200);
    const sandboxIds = inSandbox.body.results.map((connection: { id: string }) => connection.id);
    const productionIds = inProduction.body.results.map((connection: { id: string }) => connection.id);
    expect(sandboxIds).toEqual([sandbox.id]);
    expect(productionIds).toEqual([production.id]);
  });

  it("the sandbox key is refused at the production base address, and the production key at the sandbox one", async () => {
    const app = await createTestApplication();
    expectError(await call("GET", `${BASE.production}/providers`, { key: app.keys.sandbox.secret }), "unauthorized");
    expectError(await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.production.secret }), "unauthorized");
    expect((await call("GET", `${BASE.production}/providers`, { key: app.keys.production.secret })).status).toBe(200);
    expect((await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret })).status).toBe(200);
  });
});

afterAll(() => {
  // Every scenario ran against every operation it applies to: the matrix has no holes.
  const all = operations.map((operation) => operation.name).sort();
  const scoped = connectionOperations.map((operation) => operation.name).sort();
  for (const scenario of KEY_SCENARIOS) expect([...(covered.get(scenario) ?? [])].sort(), scenario).toEqual(all);
  for (const scenario of TOKEN_SCENARIOS) expect([...(covered.get(scenario) ?? [])].sort(), scenario).toEqual(scoped);
});
