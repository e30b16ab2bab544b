import { describe, expect, it } from "vitest";
import { newId } from "../../../src/lib/ids";
import {
  detailAt,
  expectBadRequest,
  expectError,
  expectRequestId,
  flipMiddleCharacter,
  idRegex,
  walkPages,
} from "../../helpers/api-assertions";
import {
  createSandboxConnection,
  createTestApplication,
  insertConnection,
  type TestApplication,
} from "../../helpers/factories";
import { BASE, call, type Environment } from "../../helpers/http";
import { insertIssue, insertMany, ownerOf } from "../../helpers/records-factories";

const ids = (result: { body: { results: { id: string }[] } }) => result.body.results.map((record) => record.id);
const sortedIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
const withCursor = (path: string, cursor: string | undefined) =>
  cursor === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}`;

function listIssues(app: TestApplication, query = "", environment: Environment = "sandbox") {
  return call("GET", `${BASE[environment]}/issues${query}`, { key: app.keys[environment].secret });
}

async function setup() {
  const app = await createTestApplication();
  const connection = await insertConnection(app, "sandbox");
  return { app, connection, owner: ownerOf(app, connection) };
}

describe("GET /issues: shape and scope", () => {
  it("answers id, status, connection, error { code, message }, firstReportedAt and lastReportedAt", async () => {
    const { app, connection, owner } = await setup();
    const issue = await insertIssue(owner, {
      errorCode: "missing_safety_configuration",
      message: "Safety events are not configured for this account.",
      firstReportedAt: new Date("2026-01-01T00:00:00.000Z"),
      lastReportedAt: new Date("2026-01-03T00:00:00.000Z"),
    });
    const result = await listIssues(app);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expectRequestId(result);
    expect(result.body).toEqual({
      results: [
        {
          id: issue.id,
          status: "ongoing",
          connection: connection.id,
          error: {
            code: "missing_safety_configuration",
            message: "Safety events are not configured for this account.",
          },
          firstReportedAt: "2026-01-01T00:00:00.000Z",
          lastReportedAt: "2026-01-03T00:00:00.000Z",
        },
      ],
    });
    expect(issue.id).toMatch(idRegex("isu_"));
  });

  it("lists the issues of every connection of the application in this environment, and only those", async () => {
    const { app, owner } = await setup();
    const second = await insertConnection(app, "sandbox");
    const mine = [await insertIssue(owner), await insertIssue(ownerOf(app, second))];
    const production = await insertConnection(app, "production");
    const productionIssue = await insertIssue(ownerOf(app, production, "production"));
    const stranger = await setup();
    await insertIssue(stranger.owner);
    expect(ids(await listIssues(app))).toEqual(sortedIds(mine));
    expect(ids(await listIssues(app, "", "production"))).toEqual([productionIssue.id]);
    // An issue row claiming another application's connection id stays with its own application.
    expect(ids(await listIssues(app, `?connectionId=${stranger.connection.id}`))).toEqual([]);
  });

  it("uses the secret key alone: no Connection-Token needed, and a token does not narrow the list", async () => {
    const { app, owner } = await setup();
    const issue = await insertIssue(owner);
    const other = await insertConnection(app, "sandbox");
    const result = await call("GET", `${BASE.sandbox}/issues`, { key: app.keys.sandbox.secret, token: other.token });
    expect(ids(result)).toEqual([issue.id]);
    expectError(await call("GET", `${BASE.sandbox}/issues`), 401, "unauthorized");
    expectError(await call("GET", `${BASE.sandbox}/issues`, { key: app.keys.production.secret }), 401, "unauthorized");
  });
});

describe("GET /issues: filters", () => {
  it("connectionId keeps one connection's issues", async () => {
    const { app, connection, owner } = await setup();
    const other = await insertConnection(app, "sandbox");
    const mine = await insertIssue(owner);
    await insertIssue(ownerOf(app, other));
    expect(ids(await listIssues(app, `?connectionId=${connection.id}`))).toEqual([mine.id]);
    expect(ids(await listIssues(app, `?connectionId=${newId("connection")}`))).toEqual([]);
    detailAt(expectBadRequest(await listIssues(app, "?connectionId=conn_123")), "{requestQuery}.connectionId");
  });

  it("errorCode keeps the issues with that code", async () => {
    const { app, owner } = await setup();
    const permissions = await insertIssue(owner, { errorCode: "missing_permissions" });
    await insertIssue(owner, { errorCode: "inaccessible_data" });
    expect(ids(await listIssues(app, "?errorCode=missing_permissions"))).toEqual([permissions.id]);
    detailAt(expectBadRequest(await listIssues(app, "?errorCode=bad_code")), "{requestQuery}.errorCode");
    // A code of the public service's list that this service never reports: taken, and matches nothing.
    const disabled = await listIssues(app, "?errorCode=manually_disabled");
    expect(disabled.status).toBe(200);
    expect(ids(disabled)).toEqual([]);
  });

  it("status keeps ongoing or resolved issues", async () => {
    const { app, owner } = await setup();
    const ongoing = await insertIssue(owner, { errorCode: "missing_permissions" });
    const resolved = await insertIssue(owner, {
      errorCode: "invalid_source_id",
      status: "resolved",
      resolvedAt: new Date(),
    });
    expect(ids(await listIssues(app, "?status=ongoing"))).toEqual([ongoing.id]);
    expect(ids(await listIssues(app, "?status=resolved"))).toEqual([resolved.id]);
    expect((await listIssues(app, "?status=resolved")).body.results[0].status).toBe("resolved");
    detailAt(expectBadRequest(await listIssues(app, "?status=open")), "{requestQuery}.status");
  });

  it("lastReportedAfter is inclusive and lastReportedBefore exclusive", async () => {
    const { app, owner } = await setup();
    const early = await insertIssue(owner, {
      errorCode: "missing_permissions",
      lastReportedAt: new Date("2026-01-01T00:00:00.000Z"),
    });
    const late = await insertIssue(owner, {
      errorCode: "inaccessible_data",
      lastReportedAt: new Date("2026-01-02T00:00:00.000Z"),
    });
    expect(ids(await listIssues(app, "?lastReportedAfter=2026-01-02T00:00:00.000Z"))).toEqual([late.id]);
    expect(ids(await listIssues(app, "?lastReportedBefore=2026-01-02T00:00:00.000Z"))).toEqual([early.id]);
    // A date, as the reference declares these bounds: from its midnight UTC.
    expect(ids(await listIssues(app, "?lastReportedAfter=2026-01-02"))).toEqual([late.id]);
    expect(ids(await listIssues(app, "?lastReportedBefore=2026-01-02"))).toEqual([early.id]);
    expect(
      ids(
        await listIssues(
          app,
          "?lastReportedAfter=2026-01-01T00:00:00.000Z&lastReportedBefore=2026-01-02T00:00:00.001Z",
        ),
      ),
    ).toEqual(sortedIds([early, late]));
    detailAt(expectBadRequest(await listIssues(app, "?lastReportedAfter=today")), "{requestQuery}.lastReportedAfter");
  });
});

describe("GET /issues: expand=connection", () => {
  it("turns connection into the connection object, as GET /connections answers it", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { externalId: "issue-owner" });
    const issue = await insertIssue(ownerOf(app, connection));
    const listed = await call("GET", `${BASE.sandbox}/connections?externalId=issue-owner`, {
      key: app.keys.sandbox.secret,
    });
    const result = await listIssues(app, "?expand=connection");
    const found = result.body.results.find((item: any) => item.id === issue.id);
    expect(found.connection).toEqual(listed.body.results[0]);
    expect(found.connection.id).toBe(connection.id);
  });

  it("expands a deleted connection in its deleted shape", async () => {
    const app = await createTestApplication();
    const gone = await insertConnection(app, "sandbox", { status: "deleted", deletedAt: new Date() });
    await insertIssue(ownerOf(app, gone));
    const [issue] = (await listIssues(app, "?expand=connection")).body.results;
    expect(issue.connection).toEqual({
      id: gone.id,
      provider: { code: "sandbox", name: "Sandbox" },
      status: "deleted",
      createdAt: gone.row.createdAt.toISOString(),
      updatedAt: gone.row.updatedAt.toISOString(),
    });
  });

  it("refuses other expand values", async () => {
    const { app } = await setup();
    detailAt(expectBadRequest(await listIssues(app, "?expand=issues")), "{requestQuery}.expand");
  });
});

describe("GET /issues: pagination", () => {
  it("walks every issue exactly once; cursors are bound to their filters and tenant", async () => {
    const { app, connection } = await setup();
    const connections = [connection, ...(await insertMany(2, () => insertConnection(app, "sandbox")))];
    const rows = [];
    for (const owned of connections) {
      rows.push(await insertIssue(ownerOf(app, owned), { errorCode: "missing_permissions" }));
      rows.push(await insertIssue(ownerOf(app, owned), { errorCode: "inaccessible_data" }));
    }
    const { pages, all } = await walkPages<{ id: string }>((cursor) => listIssues(app, withCursor("?limit=4", cursor)));
    expect(pages.map((page) => page.length)).toEqual([4, 2]);
    expect(all.map((issue) => issue.id)).toEqual(sortedIds(rows));
    const { next } = (await listIssues(app, "?limit=2")).body;
    for (const query of [
      withCursor("?limit=2", flipMiddleCharacter(next)),
      withCursor("?limit=2&status=ongoing", next),
      withCursor(`?limit=2&connectionId=${connection.id}`, next),
      withCursor("?limit=2&errorCode=missing_permissions", next),
      withCursor("?limit=2&lastReportedAfter=2020-01-01T00:00:00Z", next),
      withCursor("?limit=2&lastReportedBefore=2100-01-01T00:00:00Z", next),
    ]) {
      detailAt(expectBadRequest(await listIssues(app, query)), "{requestQuery}.cursor");
    }
    // Another application cannot continue this application's walk.
    const other = await createTestApplication();
    detailAt(expectBadRequest(await listIssues(other, withCursor("?limit=2", next))), "{requestQuery}.cursor");
    // expand is not a filter: the cursor still works with it.
    expect((await listIssues(app, withCursor("?limit=2&expand=connection", next))).status).toBe(200);
  });

  it("refuses limit=501", async () => {
    const { app } = await setup();
    detailAt(expectBadRequest(await listIssues(app, "?limit=501")), "{requestQuery}.limit");
  });
});

describe("POST /issues/{issueId}/resolve", () => {
  const resolve = (app: TestApplication, id: string, environment: Environment = "sandbox") =>
    call("POST", `${BASE[environment]}/issues/${id}/resolve`, { key: app.keys[environment].secret });

  it("marks an ongoing issue resolved and returns it; resolving it again changes nothing", async () => {
    const { app, connection, owner } = await setup();
    const issue = await insertIssue(owner);
    const other = await insertIssue(owner, { errorCode: "inaccessible_data" });
    const resolved = await resolve(app, issue.id);
    expect(resolved.status).toBe(200);
    expectRequestId(resolved);
    expect(resolved.body).toEqual({
      id: issue.id,
      status: "resolved",
      connection: connection.id,
      error: { code: "missing_permissions", message: issue.message },
      firstReportedAt: issue.firstReportedAt.toISOString(),
      lastReportedAt: issue.lastReportedAt.toISOString(),
    });
    expect(ids(await listIssues(app, "?status=resolved"))).toEqual([issue.id]);
    expect(ids(await listIssues(app, "?status=ongoing"))).toEqual([other.id]);
    expect((await resolve(app, issue.id)).body).toEqual(resolved.body);
  });

  it("answers not_found for an unknown issue, another application's, or the other environment's; bad_request for a malformed id", async () => {
    const { app, owner } = await setup();
    const issue = await insertIssue(owner);
    const stranger = await createTestApplication();
    expectError(await resolve(app, newId("issue")), 404, "not_found");
    expectError(await resolve(stranger, issue.id), 404, "not_found");
    expectError(await resolve(app, issue.id, "production"), 404, "not_found");
    detailAt(expectBadRequest(await resolve(app, "isu_123")), "{requestPath}.issueId");
    expect((await listIssues(app, "?status=ongoing")).body.results.map((row: { id: string }) => row.id)).toEqual([
      issue.id,
    ]);
  });
});
