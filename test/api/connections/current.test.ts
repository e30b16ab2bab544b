import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connections } from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import {
  detailAt,
  type ErrorDetailEntry,
  expectBadRequest,
  expectError,
  expectRequestId,
  ISO_DATE_TIME,
  idRegex,
  pause,
} from "../../helpers/api-assertions";
import {
  createSandboxConnection,
  createTestApplication,
  db,
  insertConnection,
  insertSyncJob,
  type TestApplication,
} from "../../helpers/factories";
import { BASE, call } from "../../helpers/http";

const URL_CURRENT = `${BASE.sandbox}/connections/current`;

const getCurrent = (app: TestApplication, token: string) =>
  call("GET", URL_CURRENT, { key: app.keys.sandbox.secret, token });
const patchCurrent = (app: TestApplication, token: string, body: unknown) =>
  call("PATCH", URL_CURRENT, { key: app.keys.sandbox.secret, token, body });
const deleteCurrent = (app: TestApplication, token: string) =>
  call("DELETE", URL_CURRENT, { key: app.keys.sandbox.secret, token });

const vehicleId = () => newId("vehicle");
const driverId = () => newId("driver");

async function storedRow(id: string) {
  const [row] = await db().select().from(connections).where(eq(connections.id, id));
  return row;
}

/** The field a non-allow-listed key is reported by: its name quoted in the message or suggestion. */
function namesField(detail: ErrorDetailEntry[], field: string) {
  return detail.some(
    (entry) =>
      entry.message.includes(`"${field}"`) ||
      (entry.suggestion ?? "").includes(`\`${field}\``) ||
      entry.path.endsWith(`.${field}`),
  );
}

describe("GET /connections/current", () => {
  it("answers the connection of the token with agreements and the latest sync job", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, {
      agreements: [{ agreementUrl: "https://example.com/terms", ipAddress: "198.51.100.4" }],
    });
    // A millisecond after the connection's first sync was requested, so that the inserted job is
    // certainly the newest (ids of the same millisecond order at random).
    const now = Date.now() + 1;
    // The newer job is inserted first: the answer is the most recent, not the last written.
    const newer = await insertSyncJob(app, connection.id, {
      id: newId("syncJob", now),
      status: "in_progress",
      requestedAt: new Date(now),
      startedAt: new Date(now),
      completedAt: null,
      progress: 40,
      startFrom: new Date("2025-01-01T00:00:00.000Z"),
      providerRequests: ["historical_files"],
    });
    await insertSyncJob(app, connection.id, {
      id: newId("syncJob", now - 3_600_000),
      status: "failed",
      requestedAt: new Date(now - 3_600_000),
      failureReason: "boom",
    });

    const result = await getCurrent(app, connection.token);
    expect(result.status).toBe(200);
    expectRequestId(result);
    expect(result.body).toMatchObject({
      id: connection.id,
      token: connection.token,
      status: "connected",
      provider: { code: "sandbox", name: "Sandbox" },
    });
    expect(result.body.agreements).toHaveLength(1);
    expect(result.body.agreements[0]).toMatchObject({
      agreementUrl: "https://example.com/terms",
      ipAddress: "198.51.100.4",
      connectionId: connection.id,
    });
    expect(result.body.agreements[0].id).toMatch(idRegex("agr_"));
    expect(result.body.agreements[0].acceptedAt).toMatch(ISO_DATE_TIME);

    expect(result.body.lastSync).toEqual({
      id: newer.id,
      status: "in_progress",
      requestedAt: new Date(now).toISOString(),
      progress: 40,
      issues: [],
      startFrom: "2025-01-01T00:00:00.000Z",
      attempts: 1,
      providerRequests: ["historical_files"],
    });
    expect(result.body.lastSync.id).toMatch(idRegex("sync_"));
  });

  it("answers a failed job's failureReason and completedAt", async () => {
    const app = await createTestApplication();
    // No first sync of its own: the inserted job is the connection's only one.
    const connection = await insertConnection(app, "sandbox");
    const completedAt = new Date("2026-01-06T03:24:53.000Z");
    const job = await insertSyncJob(app, connection.id, {
      status: "failed",
      completedAt,
      failureReason: "The provider was unreachable.",
      progress: 10,
      attempts: 3,
    });
    const result = await getCurrent(app, connection.token);
    expect(result.body.lastSync).toMatchObject({
      id: job.id,
      status: "failed",
      failureReason: "The provider was unreachable.",
      completedAt: "2026-01-06T03:24:53.000Z",
      progress: 10,
      attempts: 3,
    });
  });

  it("answers no lastSync before the first sync job, and no other connection's job", async () => {
    const app = await createTestApplication();
    // Written directly: a connection created through the API starts its first sync at once.
    const connection = await insertConnection(app, "sandbox");
    const neighbour = await createSandboxConnection(app);
    await insertSyncJob(app, neighbour.id);
    const result = await getCurrent(app, connection.token);
    expect(result.status).toBe(200);
    expect(result.body).not.toHaveProperty("lastSync");
    expect(result.body.agreements).toEqual([]);
  });

  it("answers the first sync job as lastSync as soon as the connection is created", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const result = await getCurrent(app, connection.token);
    expect(result.body.lastSync).toMatchObject({ id: expect.stringMatching(/^sync_/), attempts: 1, issues: [] });
    expect(["requested", "in_progress", "completed"]).toContain(result.body.lastSync.status);
  });

  it("forbids the token of another application's connection", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const connection = await createSandboxConnection(other);
    const result = await getCurrent(app, connection.token);
    expectError(result, 403, "forbidden");
    expect(JSON.stringify(result.body)).not.toContain(connection.id);
  });

  it("forbids an unknown token", async () => {
    const app = await createTestApplication();
    expectError(await getCurrent(app, "con_tkn_doesnotexist"), 403, "forbidden");
  });

  it("refuses a request without a Connection-Token", async () => {
    const app = await createTestApplication();
    const result = await call("GET", URL_CURRENT, { key: app.keys.sandbox.secret });
    detailAt(expectBadRequest(result), "{requestHeaders}.connection-token");
  });

  it("refuses a Connection-Token that does not match the pattern", async () => {
    const app = await createTestApplication();
    const result = await getCurrent(app, "pub_tkn_abc");
    detailAt(expectBadRequest(result), "{requestHeaders}.connection-token");
  });
});

describe("PATCH /connections/current: allow-listed fields", () => {
  it("moves the status connected → archived → disconnected → connected, keeping the token", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    for (const status of ["archived", "disconnected", "connected"]) {
      const result = await patchCurrent(app, connection.token, { status });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expectRequestId(result);
      expect(result.body.status).toBe(status);
      expect(result.body.token).toBe(connection.token);
      expect(result.body.id).toBe(connection.id);
      const current = await getCurrent(app, connection.token);
      expect(current.body.status).toBe(status);
      expect(current.body.token).toBe(connection.token);
    }
  });

  it("moves updatedAt and keeps createdAt", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    await pause();
    const result = await patchCurrent(app, connection.token, { tags: ["later"] });
    expect(result.status).toBe(200);
    expect(result.body.createdAt).toBe(connection.createdAt);
    expect(result.body.updatedAt).toMatch(ISO_DATE_TIME);
    expect(Date.parse(result.body.updatedAt)).toBeGreaterThan(Date.parse(connection.updatedAt));
    expect((await getCurrent(app, connection.token)).body.updatedAt).toBe(result.body.updatedAt);
  });

  it("replaces the options as given", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { options: { a: 1, b: { c: true } } });
    const result = await patchCurrent(app, connection.token, { options: { ingestHistoryFromSourceSystem: false } });
    expect(result.status).toBe(200);
    expect(result.body.options).toEqual({ ingestHistoryFromSourceSystem: false });
    expect((await getCurrent(app, connection.token)).body.options).toEqual({ ingestHistoryFromSourceSystem: false });
  });

  it("replaces the company as given", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { company: { name: "Old", dotNumbers: ["1"] } });
    const renamed = await patchCurrent(app, connection.token, { company: { name: "New Co", dotNumbers: ["2", "3"] } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.company).toEqual({ name: "New Co", dotNumbers: ["2", "3"] });
    // Replaced, not merged: a company without a name has none.
    const unnamed = await patchCurrent(app, connection.token, { company: { dotNumbers: ["4"] } });
    expect(unnamed.body.company).toEqual({ dotNumbers: ["4"] });
    expect((await getCurrent(app, connection.token)).body.company).toEqual({ dotNumbers: ["4"] });
  });

  it("changes the externalId, syncMode and tags", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { externalId: "before", tags: ["one", "two"] });
    const result = await patchCurrent(app, connection.token, {
      externalId: "after",
      syncMode: "manual",
      tags: ["three"],
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ externalId: "after", syncMode: "manual", tags: ["three"] });
    const current = await getCurrent(app, connection.token);
    expect(current.body).toMatchObject({ externalId: "after", syncMode: "manual", tags: ["three"] });
    const back = await patchCurrent(app, connection.token, { syncMode: "automatic", tags: [] });
    expect(back.body).toMatchObject({ syncMode: "automatic", tags: [] });
  });

  it("leaves the fields it was not given unchanged", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, {
      externalId: "keep",
      tags: ["keep"],
      options: { keep: true },
      company: { name: "Keep", dotNumbers: ["5"] },
      syncMode: "manual",
    });
    const result = await patchCurrent(app, connection.token, { status: "archived" });
    expect(result.status).toBe(200);
    const { status: _status, updatedAt: _updatedAt, ...unchanged } = connection;
    expect(result.body).toMatchObject(unchanged);
  });

  it("sets vehicle and driver filters with includeIds, excludeIds and status", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const filters = {
      vehicles: { includeIds: [vehicleId()], excludeIds: [vehicleId(), vehicleId()], status: "active" },
      drivers: { includeIds: [driverId()], excludeIds: [driverId()], status: "inactive" },
    };
    const result = await patchCurrent(app, connection.token, { filters });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.filters).toEqual(filters);
    expect((await getCurrent(app, connection.token)).body.filters).toEqual(filters);
  });

  it("replaces filters.vehicles and filters.drivers independently", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const vehicles = { includeIds: [vehicleId()] };
    const drivers = { excludeIds: [driverId()], status: "active" };

    const first = await patchCurrent(app, connection.token, { filters: { vehicles } });
    expect(first.body.filters).toEqual({ vehicles });

    // Setting drivers keeps the vehicles filter.
    const second = await patchCurrent(app, connection.token, { filters: { drivers } });
    expect(second.body.filters).toEqual({ vehicles, drivers });

    // A new vehicles filter replaces the old one entirely (no merge of includeIds), drivers stay.
    const replacement = { status: "inactive" };
    const third = await patchCurrent(app, connection.token, { filters: { vehicles: replacement } });
    expect(third.body.filters).toEqual({ vehicles: replacement, drivers });
    expect((await getCurrent(app, connection.token)).body.filters).toEqual({ vehicles: replacement, drivers });

    // Filters untouched by a PATCH of other fields.
    const fourth = await patchCurrent(app, connection.token, { tags: ["x"] });
    expect(fourth.body.filters).toEqual({ vehicles: replacement, drivers });
  });

  it("accepts an empty body as a no-op on the fields", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { tags: ["t"] });
    const result = await patchCurrent(app, connection.token, {});
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ tags: ["t"], status: "connected", token: connection.token });
  });
});

describe("PATCH /connections/current: refused changes", () => {
  it.each([
    ["token", "con_tkn_mine"],
    ["provider", "other"],
    ["id", "conn_01HZX5G1Q4V2M8T6W9K3R7N0PB"],
    ["createdAt", "2020-01-01T00:00:00.000Z"],
    ["account", { dotNumbers: [] }],
    ["credentials", { username: "u", password: "p" }],
  ])("refuses the field %s, naming it, and changes nothing", async (field, value) => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { tags: ["before"] });
    const before = await storedRow(connection.id);
    const result = await patchCurrent(app, connection.token, { tags: ["after"], [field]: value });
    const detail = expectBadRequest(result);
    expect(namesField(detail, field), JSON.stringify(detail)).toBe(true);
    expect(await storedRow(connection.id)).toEqual(before);
    expect((await getCurrent(app, connection.token)).body.token).toBe(connection.token);
  });

  it.each([
    ["pending_deletion", "{requestBody}.status"],
    ["deleted", "{requestBody}.status"],
    ["active", "{requestBody}.status"],
  ])("refuses status %s", async (status, path) => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const detail = expectBadRequest(await patchCurrent(app, connection.token, { status }));
    detailAt(detail, path);
    expect((await storedRow(connection.id))?.status).toBe("connected");
  });

  it.each([
    [
      "a malformed vehicle id",
      { vehicles: { includeIds: ["vcl_123"] } },
      "{requestBody}.filters.vehicles.includeIds[0]",
    ],
    [
      "a driver id among vehicles",
      { vehicles: { excludeIds: [newId("driver")] } },
      "{requestBody}.filters.vehicles.excludeIds[0]",
    ],
    [
      "a vehicle id among drivers",
      { drivers: { includeIds: [newId("vehicle")] } },
      "{requestBody}.filters.drivers.includeIds[0]",
    ],
    [
      "a lowercase ULID",
      { vehicles: { includeIds: [`vcl_${"0".repeat(25)}a`] } },
      "{requestBody}.filters.vehicles.includeIds[0]",
    ],
    ["an unknown vehicle status", { vehicles: { status: "retired" } }, "{requestBody}.filters.vehicles.status"],
    ["an unknown filter model", { trailers: { includeIds: [] } }, "{requestBody}.filters"],
    ["an unknown filter key", { vehicles: { onlyIds: [] } }, "{requestBody}.filters.vehicles"],
  ])("refuses filters with %s", async (_label, filters, path) => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    detailAt(expectBadRequest(await patchCurrent(app, connection.token, { filters })), path);
    expect((await storedRow(connection.id))?.filters).toBeNull();
  });

  it.each([
    ["syncMode", { syncMode: "hourly" }, "{requestBody}.syncMode"],
    ["tags", { tags: "one" }, "{requestBody}.tags"],
    ["options", { options: 5 }, "{requestBody}.options"],
    ["company", { company: { dotNumbers: "123" } }, "{requestBody}.company.dotNumbers"],
    ["externalId", { externalId: null }, "{requestBody}.externalId"],
  ])("refuses a bad %s", async (_label, body, path) => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    detailAt(expectBadRequest(await patchCurrent(app, connection.token, body)), path);
  });

  it("refuses a body that is not JSON", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const result = await call("PATCH", URL_CURRENT, {
      key: app.keys.sandbox.secret,
      token: connection.token,
      rawBody: "status=archived",
      headers: { "content-type": "application/json" },
    });
    expectBadRequest(result);
  });

  it("forbids changing another application's connection", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const connection = await createSandboxConnection(other);
    expectError(await patchCurrent(app, connection.token, { status: "archived" }), 403, "forbidden");
    expect((await storedRow(connection.id))?.status).toBe("connected");
  });
});

describe("DELETE /connections/current", () => {
  it("answers 202 with a message and makes the connection pending_deletion", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const result = await deleteCurrent(app, connection.token);
    expect(result.status).toBe(202);
    expectRequestId(result);
    expect(Object.keys(result.body)).toEqual(["message"]);
    expect(typeof result.body.message).toBe("string");
    expect(result.body.message.length).toBeGreaterThan(0);

    const current = await getCurrent(app, connection.token);
    expect(current.status).toBe(200);
    expect(current.body.status).toBe("pending_deletion");
    expect(current.body.id).toBe(connection.id);
    expect(current.body.token).toBe(connection.token);
  });

  it("schedules the deletion after a grace period", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    const before = Date.now();
    await deleteCurrent(app, connection.token);
    const row = await storedRow(connection.id);
    expect(row?.status).toBe("pending_deletion");
    expect(row?.deletionDueAt).toBeInstanceOf(Date);
    expect(row!.deletionDueAt!.getTime()).toBeGreaterThan(before);
    // The configured grace period (DELETION_GRACE_PERIOD_HOURS = 24) runs from the request.
    expect(row!.deletionDueAt!.getTime() - row!.updatedAt.getTime()).toBe(24 * 3_600_000);
    expect(row?.deletedAt).toBeNull();
  });

  it("is idempotent: a second DELETE answers 202 and keeps the first due time", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app);
    expect((await deleteCurrent(app, connection.token)).status).toBe(202);
    const first = await storedRow(connection.id);
    await pause();
    const again = await deleteCurrent(app, connection.token);
    expect(again.status).toBe(202);
    expect(typeof again.body.message).toBe("string");
    const second = await storedRow(connection.id);
    expect(second?.status).toBe("pending_deletion");
    expect(second?.deletionDueAt).toEqual(first?.deletionDueAt);
    expect(second?.updatedAt).toEqual(first?.updatedAt);
  });

  it("works from archived and disconnected too", async () => {
    const app = await createTestApplication();
    for (const status of ["archived", "disconnected"]) {
      const connection = await createSandboxConnection(app);
      await patchCurrent(app, connection.token, { status });
      expect((await deleteCurrent(app, connection.token)).status).toBe(202);
      expect((await getCurrent(app, connection.token)).body.status).toBe("pending_deletion");
    }
  });

  it("forbids deleting another application's connection", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const connection = await createSandboxConnection(other);
    expectError(await deleteCurrent(app, connection.token), 403, "forbidden");
    expect((await storedRow(connection.id))?.status).toBe("connected");
  });
});

describe("a connection pending deletion", () => {
  it("refuses PATCH with connection_disconnected (422) and a detail array, and changes nothing", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { tags: ["kept"] });
    await deleteCurrent(app, connection.token);
    const before = await storedRow(connection.id);

    for (const body of [{ status: "connected" }, { tags: ["changed"] }]) {
      const result = await patchCurrent(app, connection.token, body);
      const error = expectError(result, 422, "connection_disconnected");
      expect(Array.isArray(error.detail)).toBe(true);
    }
    expect(await storedRow(connection.id)).toEqual(before);
    const current = await getCurrent(app, connection.token);
    expect(current.body).toMatchObject({ status: "pending_deletion", tags: ["kept"] });
  });
});

describe("a deleted connection", () => {
  async function deletedConnection(app: TestApplication) {
    return insertConnection(app, "sandbox", { status: "deleted", deletedAt: new Date() });
  }

  it("answers connection_deleted (410) on GET", async () => {
    const app = await createTestApplication();
    const deleted = await deletedConnection(app);
    expectError(await getCurrent(app, deleted.token), 410, "connection_deleted");
  });

  it("answers connection_deleted (410) on PATCH and changes nothing", async () => {
    const app = await createTestApplication();
    const deleted = await deletedConnection(app);
    const before = await storedRow(deleted.id);
    expectError(await patchCurrent(app, deleted.token, { status: "connected" }), 410, "connection_deleted");
    expect(await storedRow(deleted.id)).toEqual(before);
  });

  it("answers connection_deleted (410) on DELETE and changes nothing", async () => {
    const app = await createTestApplication();
    const deleted = await deletedConnection(app);
    const before = await storedRow(deleted.id);
    expectError(await deleteCurrent(app, deleted.token), 410, "connection_deleted");
    expect(await storedRow(deleted.id)).toEqual(before);
  });

  it("answers connection_deleted (410) while it is being deleted", async () => {
    const app = await createTestApplication();
    const deleting = await insertConnection(app, "sandbox", { status: "deleting" });
    expectError(await getCurrent(app, deleting.token), 410, "connection_deleted");
    expectError(await patchCurrent(app, deleting.token, { tags: [] }), 410, "connection_deleted");
    expectError(await deleteCurrent(app, deleting.token), 410, "connection_deleted");
  });

  it("still forbids another application's deleted connection rather than revealing it", async () => {
    const app = await createTestApplication();
    const other = await createTestApplication();
    const deleted = await deletedConnection(other);
    expectError(await getCurrent(app, deleted.token), 403, "forbidden");
  });
});
