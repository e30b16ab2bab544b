import { describe, expect, it } from "vitest";
import {
  CURSOR_REGEX,
  detailAt,
  expectBadRequest,
  expectError,
  expectRequestId,
  flipMiddleCharacter,
  pause,
  walkPages,
} from "../../helpers/api-assertions";
import {
  createSandboxConnection,
  createTestApplication,
  insertConnection,
  type TestApplication,
} from "../../helpers/factories";
import { BASE, call, type Environment } from "../../helpers/http";

type Listed = { id: string; [field: string]: any };

function list(app: TestApplication, query = "", environment: Environment = "sandbox") {
  return call("GET", `${BASE[environment]}/connections${query}`, { key: app.keys[environment].secret });
}

async function listIds(app: TestApplication, query = "", environment: Environment = "sandbox") {
  const result = await list(app, query, environment);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return (result.body.results as Listed[]).map((connection) => connection.id);
}

const withCursor = (query: string, cursor: string | undefined) =>
  cursor === undefined ? query : `${query}${query ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;

describe("GET /connections: scope", () => {
  it("answers a page of this application's connections of this environment only", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const first = await createSandboxConnection(app);
    const second = await createSandboxConnection(app);
    const production = await insertConnection(app, "production");
    const foreignSandbox = await createSandboxConnection(other);
    const foreignProduction = await insertConnection(other, "production");

    const result = await list(app);
    expect(result.status).toBe(200);
    expectRequestId(result);
    expect(result.body).not.toHaveProperty("next");
    expect((result.body.results as Listed[]).map((connection) => connection.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );

    expect(await listIds(app, "", "production")).toEqual([production.id]);
    expect(await listIds(other)).toEqual([foreignSandbox.id]);
    expect(await listIds(other, "", "production")).toEqual([foreignProduction.id]);
  });

  it("answers each connection in full, with its token but without get-current extras", async () => {
    const app = await createTestApplication();
    const created = await createSandboxConnection(app, {
      externalId: "full",
      tags: ["t"],
      agreements: [{ agreementUrl: "https://example.com/terms" }],
    });
    const result = await list(app);
    expect(result.body.results).toEqual([created]);
    expect(result.body.results[0]).not.toHaveProperty("agreements");
    expect(result.body.results[0]).not.toHaveProperty("lastSync");
  });

  it("answers an empty page for an application without connections", async () => {
    const app = await createTestApplication();
    const result = await list(app);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ results: [] });
  });

  it("answers a deleted connection in the deleted shape, without a token", async () => {
    const app = await createTestApplication();
    const deleted = await insertConnection(app, "sandbox", { status: "deleted", deletedAt: new Date() });
    const result = await list(app);
    expect(result.body.results).toEqual([
      {
        id: deleted.id,
        provider: { code: "sandbox", name: "Sandbox" },
        status: "deleted",
        createdAt: deleted.row.createdAt.toISOString(),
        updatedAt: deleted.row.updatedAt.toISOString(),
      },
    ]);
  });

  it("refuses the other environment's key, a publishable key and a missing key", async () => {
    const app = await createTestApplication();
    expectError(
      await call("GET", `${BASE.sandbox}/connections`, { key: app.keys.production.secret }),
      401,
      "unauthorized",
    );
    expectError(
      await call("GET", `${BASE.sandbox}/connections`, { key: app.keys.sandbox.publishable }),
      401,
      "unauthorized",
    );
    expectError(await call("GET", `${BASE.sandbox}/connections`), 401, "unauthorized");
  });

  it("does not need a Connection-Token", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const other = await createTestApplication();
    const foreign = await createSandboxConnection(other);
    // A token of another application's connection does not widen or narrow the list.
    const result = await call("GET", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      token: foreign.token,
    });
    expect(result.status).toBe(200);
    expect((result.body.results as Listed[]).map((c) => c.id)).toEqual([connection.id]);
  });
});

describe("GET /connections: filters", () => {
  it("filters by externalId", async () => {
    const app = await createTestApplication();
    const wanted = await createSandboxConnection(app, { externalId: "customer-1" });
    await createSandboxConnection(app, { externalId: "customer-2" });
    await createSandboxConnection(app);
    expect(await listIds(app, "?externalId=customer-1")).toEqual([wanted.id]);
    expect(await listIds(app, "?externalId=customer-")).toEqual([]);
  });

  it("filters by dotNumber in the company's DOT numbers", async () => {
    const app = await createTestApplication();
    const wanted = await createSandboxConnection(app, { company: { dotNumbers: ["7000001", "7000002"] } });
    await createSandboxConnection(app, { company: { dotNumbers: ["7000003"] } });
    expect(await listIds(app, "?dotNumber=7000002")).toEqual([wanted.id]);
    expect(await listIds(app, "?dotNumber=700000")).toEqual([]);
  });

  it("filters by dotNumber in the account's DOT numbers", async () => {
    const app = await createTestApplication();
    const byAccount = await insertConnection(app, "sandbox", { account: { dotNumbers: ["8000001"] } });
    const byCompany = await insertConnection(app, "sandbox", { company: { dotNumbers: ["8000001"] } });
    await insertConnection(app, "sandbox", { account: { dotNumbers: ["8000002"] } });
    expect((await listIds(app, "?dotNumber=8000001")).sort()).toEqual([byAccount.id, byCompany.id].sort());
  });

  it("filters by tag", async () => {
    const app = await createTestApplication();
    const both = await createSandboxConnection(app, { tags: ["red", "blue"] });
    const red = await createSandboxConnection(app, { tags: ["red"] });
    await createSandboxConnection(app, { tags: ["green"] });
    await createSandboxConnection(app);
    expect((await listIds(app, "?tag=red")).sort()).toEqual([both.id, red.id].sort());
    expect(await listIds(app, "?tag=blue")).toEqual([both.id]);
    expect(await listIds(app, "?tag=re")).toEqual([]);
  });

  it("filters by status", async () => {
    const app = await createTestApplication();
    const connected = await createSandboxConnection(app);
    const archived = await insertConnection(app, "sandbox", { status: "archived" });
    const disconnected = await insertConnection(app, "sandbox", { status: "disconnected" });
    const pending = await insertConnection(app, "sandbox", { status: "pending_deletion" });
    const deleted = await insertConnection(app, "sandbox", { status: "deleted" });
    expect(await listIds(app, "?status=connected")).toEqual([connected.id]);
    expect(await listIds(app, "?status=archived")).toEqual([archived.id]);
    expect(await listIds(app, "?status=disconnected")).toEqual([disconnected.id]);
    expect(await listIds(app, "?status=pending_deletion")).toEqual([pending.id]);
    expect(await listIds(app, "?status=deleted")).toEqual([deleted.id]);
  });

  it("refuses an unknown status", async () => {
    const app = await createTestApplication();
    detailAt(expectBadRequest(await list(app, "?status=paused")), "{requestQuery}.status");
  });

  it("filters by provider", async () => {
    const app = await createTestApplication();
    const sandbox = await createSandboxConnection(app);
    const legacy = await insertConnection(app, "sandbox", { provider: "legacy-provider" });
    expect(await listIds(app, "?provider=sandbox")).toEqual([sandbox.id]);
    expect(await listIds(app, "?provider=legacy-provider")).toEqual([legacy.id]);
    expect(await listIds(app, "?provider=nobody")).toEqual([]);
  });

  it("filters by updatedAfter (inclusive) and updatedBefore (exclusive)", async () => {
    const app = await createTestApplication();
    const at = (iso: string) => ({ createdAt: new Date(iso), updatedAt: new Date(iso) });
    const early = await insertConnection(app, "sandbox", at("2025-01-01T00:00:00.000Z"));
    const middle = await insertConnection(app, "sandbox", at("2025-02-01T00:00:00.000Z"));
    const late = await insertConnection(app, "sandbox", at("2025-03-01T00:00:00.000Z"));

    expect((await listIds(app, "?updatedAfter=2025-02-01T00:00:00.000Z")).sort()).toEqual([middle.id, late.id].sort());
    expect((await listIds(app, "?updatedAfter=2025-02-01T00:00:00.001Z")).sort()).toEqual([late.id]);
    expect((await listIds(app, "?updatedBefore=2025-02-01T00:00:00.000Z")).sort()).toEqual([early.id]);
    expect((await listIds(app, "?updatedBefore=2025-02-01T00:00:00.001Z")).sort()).toEqual(
      [early.id, middle.id].sort(),
    );
    expect(await listIds(app, "?updatedAfter=2025-02-01T00:00:00.000Z&updatedBefore=2025-03-01T00:00:00.000Z")).toEqual(
      [middle.id],
    );
    // An offset is the same instant.
    expect(await listIds(app, `?updatedAfter=${encodeURIComponent("2025-03-01T01:00:00+01:00")}`)).toEqual([late.id]);
  });

  it("sees an update through updatedAfter", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    await createSandboxConnection(app);
    await pause();
    const patched = await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key: app.keys.sandbox.secret,
      token: connection.token,
      body: { tags: ["touched"] },
    });
    expect(await listIds(app, `?updatedAfter=${encodeURIComponent(patched.body.updatedAt)}`)).toEqual([connection.id]);
  });

  it.each(["updatedAfter", "updatedBefore"])("refuses a %s that is not a date-time", async (name) => {
    const app = await createTestApplication();
    for (const value of ["yesterday", "2025-01-01", "1735689600000"]) {
      detailAt(expectBadRequest(await list(app, `?${name}=${value}`)), `{requestQuery}.${name}`);
    }
  });

  it("combines filters", async () => {
    const app = await createTestApplication();
    const wanted = await createSandboxConnection(app, { tags: ["a"], externalId: "x", company: { dotNumbers: ["1"] } });
    await createSandboxConnection(app, { tags: ["a"], externalId: "y", company: { dotNumbers: ["1"] } });
    await createSandboxConnection(app, { tags: ["b"], externalId: "x", company: { dotNumbers: ["1"] } });
    expect(await listIds(app, "?tag=a&externalId=x&dotNumber=1&status=connected&provider=sandbox")).toEqual([
      wanted.id,
    ]);
  });
});

describe("GET /connections: order", () => {
  it("answers creation order, ascending by default and descending on request", async () => {
    const app = await createTestApplication();
    const created: string[] = [];
    for (let index = 0; index < 4; index++) {
      created.push((await createSandboxConnection(app)).id);
      await pause(3);
    }
    expect(await listIds(app)).toEqual(created);
    expect(await listIds(app, "?order=asc")).toEqual(created);
    expect(await listIds(app, "?order=desc")).toEqual([...created].reverse());
  });

  it("refuses an unknown order", async () => {
    const app = await createTestApplication();
    detailAt(expectBadRequest(await list(app, "?order=newest")), "{requestQuery}.order");
  });
});

describe("GET /connections: pagination", () => {
  async function sevenConnections(app: TestApplication) {
    const created: string[] = [];
    for (let index = 0; index < 7; index++) {
      created.push((await createSandboxConnection(app, { tags: ["paged"] })).id);
      await pause(2);
    }
    return created;
  }

  it("walks every connection exactly once with limit, next absent on the last page", async () => {
    const app = await createTestApplication();
    const created = await sevenConnections(app);
    const { pages, all } = await walkPages<Listed>((cursor) => list(app, withCursor("?limit=3", cursor)), {
      pageSize: 3,
    });
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(all.map((connection) => connection.id)).toEqual(created);
  });

  it("walks in descending order with filters kept across pages", async () => {
    const app = await createTestApplication();
    const created = await sevenConnections(app);
    await createSandboxConnection(app, { tags: ["unpaged"] });
    const { pages, all } = await walkPages<Listed>((cursor) =>
      list(app, withCursor("?limit=2&order=desc&tag=paged", cursor)),
    );
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(all.map((connection) => connection.id)).toEqual([...created].reverse());
  });

  it("omits next when the last page is exactly full", async () => {
    const app = await createTestApplication();
    await createSandboxConnection(app);
    await createSandboxConnection(app);
    const result = await list(app, "?limit=2");
    expect(result.status).toBe(200);
    expect(result.body.results).toHaveLength(2);
    expect(result.body).not.toHaveProperty("next");
  });

  it("answers next in the contract's cursor alphabet", async () => {
    const app = await createTestApplication();
    await createSandboxConnection(app);
    await createSandboxConnection(app);
    const result = await list(app, "?limit=1");
    expect(result.body.results).toHaveLength(1);
    expect(typeof result.body.next).toBe("string");
    expect(result.body.next).toMatch(CURSOR_REGEX);
  });

  it("answers 100 connections by default", async () => {
    const app = await createTestApplication();
    const created: string[] = [];
    for (let index = 0; index < 101; index++) created.push((await insertConnection(app, "sandbox")).id);
    const first = await list(app);
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(100);
    expect(first.body.next).toMatch(CURSOR_REGEX);
    const second = await list(app, withCursor("", first.body.next));
    expect(second.body.results).toHaveLength(1);
    expect(second.body).not.toHaveProperty("next");
    const seen = [...first.body.results, ...second.body.results].map((connection: Listed) => connection.id);
    expect(seen.sort()).toEqual([...created].sort());
  });

  it("accepts limits from 1 to 500", async () => {
    const app = await createTestApplication();
    await createSandboxConnection(app);
    for (const limit of [1, 500]) expect((await list(app, `?limit=${limit}`)).status).toBe(200);
  });

  it.each(["0", "501", "abc", "-3", "2.5", ""])("refuses limit=%s", async (limit) => {
    const app = await createTestApplication();
    detailAt(expectBadRequest(await list(app, `?limit=${limit}`)), "{requestQuery}.limit");
  });

  it("refuses a tampered cursor", async () => {
    const app = await createTestApplication();
    await createSandboxConnection(app);
    await createSandboxConnection(app);
    const first = await list(app, "?limit=1");
    const tampered = flipMiddleCharacter(first.body.next);
    expect(tampered).not.toBe(first.body.next);
    const result = await list(app, withCursor("?limit=1", tampered));
    const entry = detailAt(expectBadRequest(result), "{requestQuery}.cursor");
    expect(typeof entry.suggestion).toBe("string");
  });

  it("refuses the cursor with any one character changed, at every position", async () => {
    const app = await createTestApplication();
    await createSandboxConnection(app);
    await createSandboxConnection(app);
    const cursor = (await list(app, "?limit=1")).body.next as string;
    const accepted: number[] = [];
    for (let index = 0; index < cursor.length; index++) {
      const replacement = cursor[index] === "A" ? "B" : "A";
      const tampered = cursor.slice(0, index) + replacement + cursor.slice(index + 1);
      const result = await list(app, withCursor("?limit=1", tampered));
      if (result.status !== 400 || result.body.code !== "bad_request") accepted.push(index);
    }
    expect(accepted, "positions at which a changed cursor was accepted").toEqual([]);
  });

  it("refuses a cursor that is not a cursor at all", async () => {
    const app = await createTestApplication();
    for (const cursor of ["abc", "not a cursor", "%%%"]) {
      detailAt(expectBadRequest(await list(app, withCursor("", cursor))), "{requestQuery}.cursor");
    }
  });

  it("refuses a cursor reused with different filters or order", async () => {
    const app = await createTestApplication();
    for (let index = 0; index < 3; index++) await createSandboxConnection(app, { tags: ["t"], externalId: "e" });
    const first = await list(app, "?limit=1&tag=t");
    expect(first.body.next).toMatch(CURSOR_REGEX);
    const cursor = first.body.next as string;

    // The same filters continue.
    expect((await list(app, withCursor("?limit=1&tag=t", cursor))).status).toBe(200);
    // Different filters, an added filter, a removed filter, another order: refused.
    for (const query of ["?limit=1&tag=u", "?limit=1&tag=t&externalId=e", "?limit=1", "?limit=1&tag=t&order=desc"]) {
      const result = await list(app, withCursor(query, cursor));
      detailAt(expectBadRequest(result), "{requestQuery}.cursor");
    }
  });

  it("refuses another application's cursor", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    await createSandboxConnection(app);
    await createSandboxConnection(app);
    const first = await list(app, "?limit=1");
    detailAt(expectBadRequest(await list(other, withCursor("?limit=1", first.body.next))), "{requestQuery}.cursor");
  });
});
