import { beforeAll, describe, expect, it } from "vitest";
import { expectBadRequestAt, expectError } from "../helpers/error-contract";
import {
  createSandboxConnection,
  createTestApplication,
  SANDBOX_CREDENTIALS,
  type TestApplication,
} from "../helpers/factories";
import { BASE, call } from "../helpers/http";

let app: TestApplication;
beforeAll(async () => {
  app = await createTestApplication();
});

const AGREEMENT = { agreementUrl: "https://app.customer.example/terms/v2" };

function complete(body: Record<string, unknown>, key = app.keys.sandbox.publishable) {
  return call("POST", `${BASE.sandbox}/link/complete`, {
    key,
    body: { provider: "sandbox", credentials: SANDBOX_CREDENTIALS, agreements: [AGREEMENT], ...body },
    headers: { "user-agent": "CustomFlow/2.0", "cf-connecting-ip": "203.0.113.7" },
  });
}

describe("POST /link/complete", () => {
  it("answers only a public token, which exchanges into the connection with its agreement", async () => {
    const done = await complete({ externalId: "custom-1", tags: ["a"], backfill: { startFrom: "2026-01-01" } });
    expect(done.status).toBe(200);
    expect(Object.keys(done.body).sort()).toEqual(["expiresAt", "publicToken"]);
    const exchanged = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.secret,
      body: { publicToken: done.body.publicToken },
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ externalId: "custom-1", tags: ["a"], status: "connected" });
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: exchanged.body.token,
    });
    expect(current.body.agreements[0]).toMatchObject({
      agreementUrl: AGREEMENT.agreementUrl,
      ipAddress: "203.0.113.7",
      userAgent: "CustomFlow/2.0",
    });
  });

  it("re-authenticates with connectionId and keeps the token", async () => {
    const connection = await createSandboxConnection(app);
    const done = await complete({ connectionId: connection.id });
    expect(done.status).toBe(200);
    const exchanged = await call("POST", `${BASE.sandbox}/public-token/exchange`, {
      key: app.keys.sandbox.secret,
      body: { publicToken: done.body.publicToken },
    });
    expect(exchanged.body.token).toBe(connection.token);
    const settings = await complete({ connectionId: connection.id, externalId: "x" });
    expectBadRequestAt(settings, "{requestBody}.connectionId");
  });

  it("does not reveal or touch another application's connection", async () => {
    const other = await createTestApplication();
    const theirs = await createSandboxConnection(other);
    expectError(await complete({ connectionId: theirs.id }), "not_found");
  });

  it("refuses rejected credentials, a missing agreement, and unknown providers", async () => {
    expectError(await complete({ credentials: { username: "x", password: "invalid" } }), "invalid_credentials");
    expectBadRequestAt(await complete({ agreements: [] }), "{requestBody}.agreements");
    expectBadRequestAt(await complete({ provider: "teleport" }), "{requestBody}.provider");
    expectBadRequestAt(await complete({ backfill: { days: 3, startFrom: "2026-01-01" } }), "{requestBody}.backfill");
    expectBadRequestAt(await complete({ credentials: { username: "x" } }), "{requestBody}.credentials.password");
  });

  it("takes publishable keys only, of the base address's environment", async () => {
    expectError(await complete({}, app.keys.sandbox.secret), "unauthorized");
    expectError(await complete({}, app.keys.production.publishable), "unauthorized");
  });
});
