/**
 * The deletion sweep, run through the Worker's scheduled handler: grace period respected,
 * every row of a due connection deleted (in every table with a connection_id but the usage
 * records, and the Durable Object's storage), only the minimal record and the usage kept, the
 * old token answering 410, a run cut off midway finished by the next one, other connections
 * untouched. GET /usage across a deletion: ./usage-kept.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DELETED_TABLES, KEPT_TABLES, runDeletionSweep } from "../../src/cron/deletion-sweep";
import { shardD1 } from "../../src/db/shards";
import { expectError } from "../helpers/error-contract";
import { createSandboxConnection, createTestApplication, SHARDS } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { createRecordsContext, insertUtilization, insertVehicle, ownerOf } from "../helpers/records-factories";
import { lastSyncId, waitForSync } from "../helpers/sync";
import {
  archivedObjects,
  connectionRow,
  durableObjectStorage,
  endGracePeriod,
  requestDeletion,
  rowsOfConnection,
  seedEveryTable,
  tablesWithConnectionId,
  triggerSweep,
} from "./helpers";

describe("the deletion sweep", () => {
  it("deletes from every table that has a connection_id column, but the usage records (billing) it keeps", async () => {
    // Each table is decided on, in the database that holds it: deleted or deliberately kept,
    // never both, never forgotten.
    const control = await tablesWithConnectionId(env.DB);
    for (const table of control) expect(DELETED_TABLES.control, table).toContain(table);
    for (const name of SHARDS) {
      const tables = await tablesWithConnectionId(shardD1(env, name));
      expect(tables.length).toBeGreaterThan(8);
      const deleted = new Set<string>(DELETED_TABLES.shard);
      const kept = new Set<string>(KEPT_TABLES);
      for (const table of tables) expect(deleted.has(table) !== kept.has(table), `${name}: ${table}`).toBe(true);
      for (const table of [...deleted, ...kept]) expect(tables, `${name}: ${table}`).toContain(table);
    }
    expect([...KEPT_TABLES]).toEqual(["usage_records"]);
  });

  it("leaves a connection within its grace period untouched, and its reads working", async () => {
    const context = await createRecordsContext();
    await seedEveryTable(context.app, context.connection.id);
    await requestDeletion(context.app, context.connection.token);
    // Taken after the request: it emits connection.pending_deletion, stored as one of the connection's events.
    const before = await rowsOfConnection(context.connection.id);
    expect(before.webhook_events).toBe(2);
    const emitted = await env.DB.prepare(
      "SELECT count(*) AS n FROM webhook_events WHERE connection_id = ? AND type = 'connection.pending_deletion'",
    )
      .bind(context.connection.id)
      .first<{ n: number }>();
    expect(emitted?.n).toBe(1);

    await triggerSweep();

    const row = await connectionRow(context.connection.id);
    expect(row?.status).toBe("pending_deletion");
    expect(row?.deletionDueAt?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await rowsOfConnection(context.connection.id)).toEqual(before);
    const current = await context.get("/connections/current");
    expect(current.status).toBe(200);
    expect(current.body.status).toBe("pending_deletion");
    const vehicles = await context.get("/vehicles");
    expect(vehicles.status).toBe(200);
    expect(vehicles.body.results.length).toBe(1);
  });

  it("after the grace period deletes every row of the connection and keeps only the minimal record", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, { externalId: "ext-1", tags: ["fleet"] });
    const key = app.keys.sandbox.secret;
    await waitForSync(key, connection.token, await lastSyncId(key, connection.token));
    const { deliveryId } = await seedEveryTable(app, connection.id);
    // The other connection of the same application keeps everything.
    const other = await createRecordsContext();
    await seedEveryTable(other.app, other.connection.id);
    const otherBefore = await rowsOfConnection(other.connection.id);
    expect(await archivedObjects(connection.id)).toHaveLength(1);
    const storageBefore = await durableObjectStorage(connection.id);
    expect(storageBefore.rows).toBeGreaterThan(0);

    // The sync billed the fleet this month, and seedEveryTable added 3 vehicles in 2026-01.
    const usageBefore = (await rowsOfConnection(connection.id)).usage_records ?? 0;
    expect(usageBefore).toBeGreaterThan(3);

    await requestDeletion(app, connection.token);
    await endGracePeriod(connection.id);
    await triggerSweep();

    // Only the usage records stay: the application's billing record (./usage-kept.test.ts).
    expect(await rowsOfConnection(connection.id)).toEqual({ usage_records: usageBefore });
    // The archived time series too, in object storage; the other connection's stay.
    expect(await archivedObjects(connection.id)).toEqual([]);
    expect(await archivedObjects(other.connection.id)).toHaveLength(1);
    const delivery = await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE id = ?")
      .bind(deliveryId)
      .first<{ n: number }>();
    expect(delivery?.n).toBe(0);
    expect(await durableObjectStorage(connection.id)).toEqual({ rows: 0, alarm: null });

    const row = await connectionRow(connection.id);
    expect(row).toMatchObject({
      id: connection.id,
      provider: "sandbox",
      status: "deleted",
      externalId: null,
      sourceId: null,
      company: { dotNumbers: [] },
      account: { dotNumbers: [] },
      tags: null,
      options: {},
      filters: null,
      backfill: null,
      credentialsEncrypted: null,
      tokenEncrypted: "",
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.tokenHash).toBeTruthy();

    const current = await call("GET", `${BASE.sandbox}/connections/current`, { key, token: connection.token });
    expectError(current, "connection_deleted");
    const vehicles = await call("GET", `${BASE.sandbox}/vehicles`, { key, token: connection.token });
    expectError(vehicles, "connection_deleted");

    expect(await rowsOfConnection(other.connection.id)).toEqual(otherBefore);
    expect((await connectionRow(other.connection.id))?.status).toBe("connected");

    // connection.deleted is emitted with the minimal record, and not kept as a row of the connection.
    const { results } = await env.DB.prepare(
      "SELECT payload, connection_id FROM webhook_events WHERE application_id = ? AND type = 'connection.deleted'",
    )
      .bind(app.id)
      .all<{ payload: string; connection_id: string | null }>();
    expect(results).toHaveLength(1);
    expect(results[0]?.connection_id).toBeNull();
    const envelope = JSON.parse(results[0]?.payload ?? "{}");
    expect(envelope.detail.connection).toEqual({
      id: connection.id,
      provider: { code: "sandbox", name: expect.any(String) },
      status: "deleted",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it("a sweep cut off midway resumes and finishes on the next run", async () => {
    const context = await createRecordsContext();
    const vehicle = await insertVehicle(context.owner);
    const days = Array.from({ length: 30 }, (_, index) => `2026-01-${String(index + 1).padStart(2, "0")}`);
    for (const date of days) await insertUtilization(context.owner, vehicle, { date });
    await requestDeletion(context.app, context.connection.token);
    await endGracePeriod(context.connection.id);

    // 10 rows per statement, as many statements as deleted tables: one per table, plus the 2 more
    // that 30 rows of utilization need, is more than that.
    const first = await runDeletionSweep(env, { rowsPerStatement: 10, maxStatements: DELETED_TABLES.shard.length });
    expect(first.unfinished).toContain(context.connection.id);
    expect((await connectionRow(context.connection.id))?.status).toBe("deleting");
    const left = await rowsOfConnection(context.connection.id);
    expect(left.vehicle_utilization ?? 0).toBeGreaterThan(0);
    expect(left.vehicle_utilization ?? 0).toBeLessThan(30);
    // Reads stop once the deletion has started.
    expectError(await context.get("/connections/current"), "connection_deleted");

    await triggerSweep();

    expect(await rowsOfConnection(context.connection.id)).toEqual({});
    expect((await connectionRow(context.connection.id))?.status).toBe("deleted");
  });

  it("deletes only due connections: another application's pending connection is left alone", async () => {
    const due = await createRecordsContext();
    const pending = await createRecordsContext();
    await seedEveryTable(due.app, due.connection.id);
    await seedEveryTable(pending.app, pending.connection.id);
    await requestDeletion(due.app, due.connection.token);
    await requestDeletion(pending.app, pending.connection.token);
    const pendingBefore = await rowsOfConnection(pending.connection.id);
    await endGracePeriod(due.connection.id);

    await triggerSweep();

    expect((await connectionRow(due.connection.id))?.status).toBe("deleted");
    expect((await connectionRow(pending.connection.id))?.status).toBe("pending_deletion");
    expect(await rowsOfConnection(pending.connection.id)).toEqual(pendingBefore);
    expect(ownerOf(pending.app, pending.connection).connectionId).toBe(pending.connection.id);
  });
});
