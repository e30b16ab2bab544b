import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreements, connections } from "../../../src/db/schema";
import {
  detailAt,
  type ErrorDetailEntry,
  expectBadRequest,
  expectError,
  expectRequestId,
  ISO_DATE_TIME,
  idRegex,
} from "../../helpers/api-assertions";
import {
  createTestApplication,
  db,
  SANDBOX_CREDENTIALS,
  type TestApplication,
  uniqueName,
} from "../../helpers/factories";
import { BASE, call, type Environment } from "../../helpers/http";

function createConnection(app: TestApplication, body: unknown, environment: Environment = "sandbox") {
  return call("POST", `${BASE[environment]}/connections`, { key: app.keys[environment].secret, body });
}

const validBody = (extra: Record<string, unknown> = {}) => ({
  provider: "sandbox",
  credentials: SANDBOX_CREDENTIALS,
  ...extra,
});

/** Every connection of the application in the environment, straight from D1. */
async function storedConnections(app: TestApplication) {
  return db().select().from(connections).where(eq(connections.applicationId, app.id));
}

/** Asserts a failed creation left no trace: neither in GET /connections nor in D1. */
async function expectNothingWritten(app: TestApplication, externalId: string) {
  const listed = await call("GET", `${BASE.sandbox}/connections?externalId=${encodeURIComponent(externalId)}`, {
    key: app.keys.sandbox.secret,
  });
  expect(listed.status).toBe(200);
  expect(listed.body.results).toEqual([]);
  expect(await storedConnections(app)).toEqual([]);
  expect(await db().select().from(agreements).where(eq(agreements.applicationId, app.id))).toEqual([]);
}

describe("POST /connections: the created connection", () => {
  it("answers 201 with every field of the contract's connection", async () => {
    const app = await createTestApplication();
    const before = Date.now();
    const result = await createConnection(
      app,
      validBody({
        company: { name: "Acme Trucking", dotNumbers: ["1111111", "2222222"] },
        externalId: "customer-42",
        tags: ["fleet-a", "priority"],
        options: { ingestHistoryFromSourceSystem: true, nested: { depth: [1, 2] } },
      }),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    expectRequestId(result);
    const connection = result.body;

    expect(connection.id).toMatch(idRegex("conn_"));
    expect(connection.token).toMatch(/^con_tkn_\S+$/);
    expect(connection.company).toEqual({ name: "Acme Trucking", dotNumbers: ["1111111", "2222222"] });
    expect(connection.provider).toEqual({ code: "sandbox", name: "Sandbox" });
    expect(connection.externalId).toBe("customer-42");
    expect(connection.tags).toEqual(["fleet-a", "priority"]);
    expect(connection.options).toEqual({ ingestHistoryFromSourceSystem: true, nested: { depth: [1, 2] } });
    expect(connection.status).toBe("connected");
    expect(connection.syncMode).toBe("automatic");

    // The account is what the sandbox provider's verification describes.
    expect(connection.account).toMatchObject({
      name: `Sandbox Fleet (${SANDBOX_CREDENTIALS.username})`,
      dotNumbers: ["1234567"],
      user: { firstName: "Sandbox", lastName: "Admin", email: "admin@sandbox.example" },
    });
    expect(typeof connection.account.user.sourceId).toBe("string");
    expect(typeof connection.sourceId).toBe("string");
    expect(connection.sourceId.length).toBeGreaterThan(0);

    expect(connection.createdAt).toMatch(ISO_DATE_TIME);
    expect(connection.updatedAt).toMatch(ISO_DATE_TIME);
    expect(Date.parse(connection.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(connection.createdAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(connection.updatedAt).toBe(connection.createdAt);

    expect(() => new URL(connection.linkUrl)).not.toThrow();
    expect(connection.linkUrl).toContain("{connectionId}");
    expect(connection.linkUrl).toContain("{publishableKey}");

    // Only on GET /connections/current; no filters were set; the credentials never come back.
    expect(connection).not.toHaveProperty("agreements");
    expect(connection).not.toHaveProperty("lastSync");
    expect(connection).not.toHaveProperty("filters");
    expect(connection).not.toHaveProperty("credentials");
    expect(JSON.stringify(connection)).not.toContain(SANDBOX_CREDENTIALS.password);
  });

  it("derives the same sourceId from the same credentials", async () => {
    const app = await createTestApplication();
    const first = await createConnection(app, validBody());
    const second = await createConnection(app, validBody());
    const other = await createConnection(app, validBody({ credentials: { username: "someone-else", password: "x" } }));
    expect(first.body.sourceId).toBe(second.body.sourceId);
    expect(other.body.sourceId).not.toBe(first.body.sourceId);
    // Two connections never share an id or a token.
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.token).not.toBe(first.body.token);
  });

  it("defaults syncMode to automatic and accepts manual", async () => {
    const app = await createTestApplication();
    expect((await createConnection(app, validBody())).body.syncMode).toBe("automatic");
    const manual = await createConnection(app, validBody({ syncMode: "manual" }));
    expect(manual.status).toBe(201);
    expect(manual.body.syncMode).toBe("manual");
  });

  it("answers minimal defaults when only provider and credentials are given", async () => {
    const app = await createTestApplication();
    const result = await createConnection(app, validBody());
    expect(result.status).toBe(201);
    expect(result.body.company).toEqual({ dotNumbers: [] });
    expect(result.body.options).toEqual({});
    expect(result.body).not.toHaveProperty("externalId");
    expect(result.body).not.toHaveProperty("tags");
  });

  it("stores the connection: GET /connections/current answers the same fields with its token", async () => {
    const app = await createTestApplication();
    const created = await createConnection(
      app,
      validBody({ externalId: uniqueName("ext"), tags: ["x"], options: { a: 1 }, company: { dotNumbers: ["9"] } }),
    );
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: created.body.token,
    });
    expect(current.status).toBe(200);
    const { agreements: _agreements, lastSync: _lastSync, ...rest } = current.body;
    expect(rest).toEqual(created.body);
  });

  it("allows extra properties at the top level of the body", async () => {
    const app = await createTestApplication();
    const result = await createConnection(app, validBody({ somethingNew: { nested: true }, another: 1 }));
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    expect(result.body).not.toHaveProperty("somethingNew");
  });
});

describe("POST /connections: agreements", () => {
  it("stores the agreements, visible on GET /connections/current", async () => {
    const app = await createTestApplication();
    const created = await createConnection(
      app,
      validBody({
        agreements: [
          {
            agreementUrl: "https://example.com/terms/v3",
            type: "end-user-agreement",
            ipAddress: "203.0.113.7",
            acceptedAt: "2026-01-06T03:24:53.000Z",
            userAgent: "Mozilla/5.0 (test)",
          },
          { agreementUrl: "https://example.com/data-sharing", type: "acme-data-sharing-agreement" },
        ],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: created.body.token,
    });
    expect(current.status).toBe(200);
    const stored = current.body.agreements as any[];
    expect(stored).toHaveLength(2);
    const terms = stored.find((agreement) => agreement.agreementUrl === "https://example.com/terms/v3");
    const sharing = stored.find((agreement) => agreement.agreementUrl === "https://example.com/data-sharing");

    expect(terms).toMatchObject({
      agreementUrl: "https://example.com/terms/v3",
      acceptedAt: "2026-01-06T03:24:53.000Z",
      ipAddress: "203.0.113.7",
      userAgent: "Mozilla/5.0 (test)",
      connectionId: created.body.id,
    });
    expect(terms.id).toMatch(idRegex("agr_"));
    // acceptedBy is the provider user the sandbox verification describes.
    expect(terms.acceptedBy).toEqual(created.body.account.user);

    expect(sharing.id).toMatch(idRegex("agr_"));
    expect(sharing.id).not.toBe(terms.id);
    expect(sharing.connectionId).toBe(created.body.id);
    // No acceptedAt given: accepted when the connection was created.
    expect(sharing.acceptedAt).toMatch(ISO_DATE_TIME);
    expect(sharing.acceptedAt).toBe(created.body.createdAt);
    expect(sharing).not.toHaveProperty("ipAddress");
    expect(sharing).not.toHaveProperty("userAgent");
  });

  it("answers an empty agreements list when none were accepted", async () => {
    const app = await createTestApplication();
    const created = await createConnection(app, validBody());
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: created.body.token,
    });
    expect(current.body.agreements).toEqual([]);
  });
});

describe("POST /connections: backfill", () => {
  it("stores the backfill request", async () => {
    const app = await createTestApplication();
    const created = await createConnection(
      app,
      validBody({ backfill: { startFrom: "2025-06-01T00:00:00.000Z", days: 30 } }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [row] = await db().select().from(connections).where(eq(connections.id, created.body.id));
    expect(row?.backfill).toEqual({ startFrom: "2025-06-01T00:00:00.000Z", days: 30 });
  });

  it("stores no backfill when none is asked (it starts from now)", async () => {
    const app = await createTestApplication();
    const created = await createConnection(app, validBody());
    const [row] = await db().select().from(connections).where(eq(connections.id, created.body.id));
    expect(row?.backfill).toBeNull();
  });

  it("refuses a backfill with an extra property", async () => {
    const app = await createTestApplication();
    const externalId = uniqueName("backfill-extra");
    const result = await createConnection(app, validBody({ externalId, backfill: { days: 3, weeks: 2 } }));
    const detail = expectBadRequest(result);
    const entry = detail.find((candidate) => candidate.path.startsWith("{requestBody}.backfill"));
    expect(entry, JSON.stringify(detail)).toBeDefined();
    expect(`${entry?.message} ${entry?.suggestion ?? ""}`).toContain("weeks");
    await expectNothingWritten(app, externalId);
  });

  it.each([
    ["a negative number of days", { days: -1 }, "{requestBody}.backfill.days"],
    ["more than ten years of days", { days: 3651 }, "{requestBody}.backfill.days"],
    ["days as a string", { days: "30" }, "{requestBody}.backfill.days"],
    ["a startFrom that is not a date-time", { startFrom: "yesterday" }, "{requestBody}.backfill.startFrom"],
    ["a startFrom that is only a date", { startFrom: "2025-06-01" }, "{requestBody}.backfill.startFrom"],
  ])("refuses %s", async (_label, backfill, path) => {
    const app = await createTestApplication();
    const externalId = uniqueName("backfill-bad");
    const result = await createConnection(app, validBody({ externalId, backfill }));
    detailAt(expectBadRequest(result), path);
    await expectNothingWritten(app, externalId);
  });
});

describe("POST /connections: provider", () => {
  it("refuses an unknown provider, naming the provider field", async () => {
    const app = await createTestApplication();
    const externalId = uniqueName("unknown-provider");
    const result = await createConnection(app, validBody({ provider: "no-such-provider", externalId }));
    const entry = detailAt(expectBadRequest(result), "{requestBody}.provider");
    // The suggestion points at the providers that do exist here.
    expect(entry.suggestion).toContain("sandbox");
    await expectNothingWritten(app, externalId);
  });

  it("refuses the sandbox provider at the production base address", async () => {
    const app = await createTestApplication();
    const externalId = uniqueName("sandbox-in-production");
    const result = await createConnection(app, validBody({ externalId }), "production");
    detailAt(expectBadRequest(result), "{requestBody}.provider");
    const stored = await storedConnections(app);
    expect(stored.filter((row) => row.externalId === externalId)).toEqual([]);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["not a string", 7],
  ])("refuses a provider that is %s", async (_label, provider) => {
    const app = await createTestApplication();
    const result = await createConnection(app, { credentials: SANDBOX_CREDENTIALS, provider });
    detailAt(expectBadRequest(result), "{requestBody}.provider");
    expect(await storedConnections(app)).toEqual([]);
  });
});

describe("POST /connections: credentials", () => {
  it("refuses missing credential fields, with paths under {requestBody}.credentials.", async () => {
    const app = await createTestApplication();
    const externalId = uniqueName("no-credentials");
    const result = await createConnection(app, validBody({ externalId, credentials: {} }));
    const detail = expectBadRequest(result);
    for (const entry of detail) expect(entry.path.startsWith("{requestBody}.credentials.")).toBe(true);
    detailAt(detail, "{requestBody}.credentials.username");
    detailAt(detail, "{requestBody}.credentials.password");
    await expectNothingWritten(app, externalId);
  });

  it("refuses a missing password alone", async () => {
    const app = await createTestApplication();
    const result = await createConnection(app, validBody({ credentials: { username: "someone" } }));
    const detail = expectBadRequest(result);
    expect(detail.map((entry) => entry.path)).toEqual(["{requestBody}.credentials.password"]);
    expect(await storedConnections(app)).toEqual([]);
  });

  it("refuses a credential field that is not a string", async () => {
    const app = await createTestApplication();
    const result = await createConnection(app, validBody({ credentials: { username: 12, password: "pw" } }));
    detailAt(expectBadRequest(result), "{requestBody}.credentials.username");
  });

  it("refuses credentials that are not an object", async () => {
    const app = await createTestApplication();
    const result = await createConnection(app, validBody({ credentials: "username:password" }));
    detailAt(expectBadRequest(result), "{requestBody}.credentials");
    const missing = await createConnection(app, { provider: "sandbox" });
    detailAt(expectBadRequest(missing), "{requestBody}.credentials");
    expect(await storedConnections(app)).toEqual([]);
  });

  it("answers invalid_credentials (422) when the provider rejects them, and writes nothing", async () => {
    const app = await createTestApplication();
    const externalId = uniqueName("rejected");
    const result = await createConnection(
      app,
      validBody({
        externalId,
        credentials: { username: "fleet-manager", password: "invalid" },
        agreements: [{ agreementUrl: "https://example.com/terms" }],
      }),
    );
    expectError(result, 422, "invalid_credentials");
    expect(JSON.stringify(result.body)).not.toContain("con_tkn_");
    await expectNothingWritten(app, externalId);
  });
});

describe("POST /connections: validation of the other fields", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["an unknown syncMode", { syncMode: "sometimes" }, "{requestBody}.syncMode"],
    [
      "an agreement ipAddress that is not IPv4",
      { agreements: [{ agreementUrl: "https://e.com/t", ipAddress: "999.1.1.1" }] },
      "{requestBody}.agreements[0].ipAddress",
    ],
    [
      "an agreement ipAddress in IPv6",
      { agreements: [{ agreementUrl: "https://e.com/t", ipAddress: "2001:db8::1" }] },
      "{requestBody}.agreements[0].ipAddress",
    ],
    [
      "an agreement acceptedAt that is not a date-time",
      { agreements: [{ agreementUrl: "https://e.com/t", acceptedAt: "06/01/2026" }] },
      "{requestBody}.agreements[0].acceptedAt",
    ],
    [
      "an agreement without agreementUrl",
      { agreements: [{ type: "end-user-agreement" }] },
      "{requestBody}.agreements[0].agreementUrl",
    ],
    [
      "an agreement URL that is no URL",
      { agreements: [{ agreementUrl: "terms" }] },
      "{requestBody}.agreements[0].agreementUrl",
    ],
    [
      "an agreement of an unknown type",
      { agreements: [{ agreementUrl: "https://e.com/t", type: "handshake" }] },
      "{requestBody}.agreements[0].type",
    ],
    [
      "an agreement with an extra property",
      { agreements: [{ agreementUrl: "https://e.com/t", signature: "x" }] },
      "{requestBody}.agreements[0]",
    ],
    ["tags that are not strings", { tags: ["ok", 3] }, "{requestBody}.tags[1]"],
    ["an externalId that is not a string", { externalId: 42 }, "{requestBody}.externalId"],
    ["a company with an extra property", { company: { dotNumbers: [], city: "Ghent" } }, "{requestBody}.company"],
    [
      "company dotNumbers that are not strings",
      { company: { dotNumbers: [1234567] } },
      "{requestBody}.company.dotNumbers[0]",
    ],
    ["options that are not an object", { options: ["a"] }, "{requestBody}.options"],
  ];

  it.each(cases)("refuses %s", async (_label, extra, path) => {
    const app = await createTestApplication();
    const result = await createConnection(app, validBody(extra));
    const entry = detailAt(expectBadRequest(result), path);
    expect(entry.message.length).toBeGreaterThan(0);
    expect(await storedConnections(app)).toEqual([]);
  });

  it("suggests the accepted values for a bad syncMode", async () => {
    const app = await createTestApplication();
    const result = await createConnection(app, validBody({ syncMode: "sometimes" }));
    const entry = detailAt(expectBadRequest(result), "{requestBody}.syncMode");
    expect(entry.suggestion).toContain("automatic");
    expect(entry.suggestion).toContain("manual");
  });

  it("suggests a fix for a bad ipAddress and a bad date-time", async () => {
    const app = await createTestApplication();
    const result = await createConnection(
      app,
      validBody({
        agreements: [{ agreementUrl: "https://example.com/t", ipAddress: "not-an-ip", acceptedAt: "tomorrow" }],
      }),
    );
    const detail = expectBadRequest(result);
    const ip = detailAt(detail, "{requestBody}.agreements[0].ipAddress");
    const acceptedAt = detailAt(detail, "{requestBody}.agreements[0].acceptedAt");
    expect(typeof ip.suggestion).toBe("string");
    expect(typeof acceptedAt.suggestion).toBe("string");
  });

  it("lists every problem of the body at once", async () => {
    const app = await createTestApplication();
    const result = await createConnection(app, {
      provider: "sandbox",
      credentials: SANDBOX_CREDENTIALS,
      syncMode: "sometimes",
      tags: "not-an-array",
      backfill: { days: -5 },
    });
    const detail: ErrorDetailEntry[] = expectBadRequest(result);
    const paths = detail.map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining(["{requestBody}.syncMode", "{requestBody}.tags", "{requestBody}.backfill.days"]),
    );
  });

  it("refuses a body that is not JSON", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      rawBody: "{ not json",
      headers: { "content-type": "application/json" },
    });
    expectBadRequest(result);
  });

  it("refuses a JSON body that is not an object", async () => {
    const app = await createTestApplication();
    const result = await createConnection(app, [validBody()]);
    expectBadRequest(result);
    expect(await storedConnections(app)).toEqual([]);
  });
});

describe("POST /connections: authentication", () => {
  it("refuses the other environment's key", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.production.secret,
      body: validBody(),
    });
    expectError(result, 401, "unauthorized");
    expect(await storedConnections(app)).toEqual([]);
  });

  it("refuses a publishable key on this server-side call", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.publishable,
      body: validBody(),
    });
    expectError(result, 401, "unauthorized");
    expect(await storedConnections(app)).toEqual([]);
  });
});
