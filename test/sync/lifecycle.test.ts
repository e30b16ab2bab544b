/**
 * The sync engine around the connection's life: Durable Object eviction mid-sync, filters
 * and visibility, issues, and connections that may not sync.
 */

import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connections, issues } from "../../src/db/schema";
import { safetyEvents } from "../../src/families/safety-events/table";
import { vehicleUtilization } from "../../src/families/vehicle-utilization/table";
import { vehicles } from "../../src/families/vehicles/table";
import { sealCredentials } from "../../src/lib/connection-secrets";
import { findProvider } from "../../src/providers/registry";
import { SANDBOX_REJECTED_PASSWORD } from "../../src/providers/sandbox/credentials";
import { DAY_MS } from "../../src/providers/sandbox/time";
import { connectionSync } from "../../src/sync/client";
import type { ConnectionSync } from "../../src/sync/connection-sync";
import { createSandboxConnection, createTestApplication, dataDb, db } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { providerRecords } from "../helpers/provider-truth";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { waitFor } from "../webhooks/helpers";

async function setup(body: Record<string, unknown> = {}) {
  const app = await createTestApplication();
  const connection = await createSandboxConnection(app, { syncMode: "manual", ...body });
  return { app, connection, key: app.keys.sandbox.secret, token: connection.token as string };
}

const countRows = async (
  table: typeof vehicleUtilization | typeof safetyEvents,
  connectionId: string,
  vehicleId?: string,
) =>
  (
    await (
      await dataDb(connectionId)
    )
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .where(and(eq(table.connectionId, connectionId), vehicleId ? eq(table.vehicleId, vehicleId) : undefined))
  )[0]!.n;

describe("Durable Object eviction", () => {
  it("a sync survives its Durable Object being evicted mid-way: the state is on its storage", async () => {
    const { connection, key, token } = await setup({
      backfill: { days: 20 },
      options: { sandbox: { fleetSize: 150, revision: 0 } },
    });
    const syncId = await lastSyncId(key, token);
    const stub = connectionSync(env, connection.id);
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      // A call wakes the object first: between two pages it may be idle, and only a running
      // object can be evicted, however fast or slow this machine goes through the pages.
      await stub.inspect();
      await evictDurableObject(stub);
    }
    const { job } = await waitForSync(key, token, syncId);
    expect(job.status).toBe("completed");
    const vehicleRows = await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id));
    expect(new Set(vehicleRows.map((row) => row.sourceId)).size).toBe(vehicleRows.length);
    expect((await runInDurableObject(stub, (instance: ConnectionSync) => instance.inspect())).active).toBeNull();
  });
});

/**
 * The sandbox's safety events per vehicle source id over the last `days` days, read from the
 * provider itself: what a sync of that window would ingest.
 */
async function providerSafetyEvents(
  connection: { id: string; createdAt: string; sourceId?: string },
  options: Record<string, unknown>,
  days: number,
) {
  const now = Date.now();
  const window = { start: new Date(now - days * DAY_MS), end: new Date(now) };
  const adapter = findProvider("sandbox")!;
  const counts = new Map<string, number>();
  for (const item of await providerRecords(connection, "safetyEvents", options, window)) {
    const vehicle = adapter.normalize("safetyEvents", item).vehicleSourceId;
    if (vehicle !== undefined) counts.set(vehicle, (counts.get(vehicle) ?? 0) + 1);
  }
  return counts;
}

describe("filters and visibility", () => {
  it("PATCHing filters hides and shows vehicles at once, and a hidden vehicle's data is not ingested", async () => {
    const options = { sandbox: { fleetSize: 6, revision: 0 } };
    const { connection, key, token } = await setup({ options });
    await waitForSync(key, token, await lastSyncId(key, token));
    const rows = await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id));
    // Hide the vehicle with the most safety events the next sync (10 days) would bring, beyond
    // those the first sync already stored: were its data ingested, its count would grow.
    const inWindow = await providerSafetyEvents(connection, options, 9);
    const unstored = new Map<string, number>();
    for (const row of rows) {
      unstored.set(row.id, (inWindow.get(row.sourceId) ?? 0) - (await countRows(safetyEvents, connection.id, row.id)));
    }
    const [hidden, visibleOne] = [...rows].sort((a, b) => unstored.get(b.id)! - unstored.get(a.id)!) as [
      (typeof rows)[number],
      (typeof rows)[number],
    ];
    expect(unstored.get(hidden.id)).toBeGreaterThan(0);
    const patched = await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token,
      body: { filters: { vehicles: { excludeIds: [hidden.id] } } },
    });
    expect(patched.status).toBe(200);
    const [after] = await (await dataDb(connection.id)).select().from(vehicles).where(eq(vehicles.id, hidden.id));
    expect(after?.visibility).toBe("hidden_by_exclude_list");
    expect(after!.modifiedAt.getTime()).toBeGreaterThan(hidden.modifiedAt.getTime());

    // The next sync brings no new data for the hidden vehicle, and the visible ones' data.
    const utilizationBefore = await countRows(vehicleUtilization, connection.id, hidden.id);
    const safetyEventsBefore = await countRows(safetyEvents, connection.id, hidden.id);
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 10 } });
    await waitForSync(key, token, sync.body.id);
    expect(await countRows(vehicleUtilization, connection.id, hidden.id)).toBe(utilizationBefore);
    expect(await countRows(safetyEvents, connection.id, hidden.id)).toBe(safetyEventsBefore);
    expect(await countRows(vehicleUtilization, connection.id, visibleOne.id)).toBeGreaterThanOrEqual(11);
    expect(await countRows(safetyEvents, connection.id, visibleOne.id)).toBeGreaterThanOrEqual(
      inWindow.get(visibleOne.sourceId) ?? 0,
    );

    // includeIds takes priority: only the included vehicle is visible, whatever the other filters say.
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token,
      body: { filters: { vehicles: { includeIds: [hidden.id], excludeIds: [hidden.id] } } },
    });
    const states = await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id));
    for (const row of states) {
      expect(row.visibility).toBe(row.id === hidden.id ? "visible" : "hidden_by_include_list");
    }
    // A status filter hides the records of the other status.
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token,
      body: { filters: { vehicles: { status: "inactive" } } },
    });
    for (const row of await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id))) {
      expect(row.visibility).toBe(row.status === "inactive" ? "visible" : "hidden_by_status");
    }
  });
});

describe("issues", () => {
  it("problems reported by the provider become issues linked from the job, resolved by a sync that no longer meets them", async () => {
    const { connection, key, token } = await setup({
      options: { sandbox: { fleetSize: 3, revision: 0, issues: ["missing_safety_configuration"] } },
    });
    const first = await lastSyncId(key, token);
    const { job } = await waitForSync(key, token, first);
    expect(job.status).toBe("completed");
    expect(job.issues).toHaveLength(1);
    expect(job.issues[0]).toMatch(/^isu_[0-9A-HJKMNP-TV-Z]{26}$/);
    const expanded = await call("GET", `${BASE.sandbox}/syncs/${first}?expand=issues`, { key, token });
    expect(expanded.body.issues[0]).toMatchObject({
      id: job.issues[0],
      status: "ongoing",
      connection: connection.id,
      error: { code: "missing_safety_configuration", message: expect.any(String) },
    });
    const current = await call("GET", `${BASE.sandbox}/connections/current`, { key, token });
    expect(current.body.lastSync.issues).toEqual(job.issues);

    // Reported again by the next sync: the same issue, reported later.
    const second = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect((await waitForSync(key, token, second.body.id)).job.issues).toEqual(job.issues);

    // The application says it fixed the cause: resolved; the next sync meets the problem again and reopens the same issue.
    const resolved = await call("POST", `${BASE.sandbox}/issues/${job.issues[0]}/resolve`, { key });
    expect(resolved.body).toMatchObject({ id: job.issues[0], status: "resolved" });
    const reopening = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect((await waitForSync(key, token, reopening.body.id)).job.issues).toEqual(job.issues);
    const reopened = await call("GET", `${BASE.sandbox}/issues?connectionId=${connection.id}`, { key });
    expect(reopened.body.results).toEqual([expect.objectContaining({ id: job.issues[0], status: "ongoing" })]);

    // The provider no longer reports it: the issue is resolved.
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token,
      body: { options: { sandbox: { fleetSize: 3, revision: 0 } } },
    });
    const third = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect((await waitForSync(key, token, third.body.id)).job.issues).toEqual([]);
    const [issue] = await (await dataDb(connection.id))
      .select()
      .from(issues)
      .where(eq(issues.connectionId, connection.id));
    expect(issue?.status).toBe("resolved");
  });
});

describe("listings cut short", () => {
  it("a listing that reported a missing permission soft-deletes nothing it did not see", async () => {
    const { connection, key, token } = await setup({ options: { sandbox: { fleetSize: 10, revision: 0 } } });
    await waitForSync(key, token, await lastSyncId(key, token));
    const options = { sandbox: { fleetSize: 10, revision: 4, issues: ["missing_permissions"] } };
    await call("PATCH", `${BASE.sandbox}/connections/current`, { key, token, body: { options } });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect((await waitForSync(key, token, sync.body.id)).job.status).toBe("completed");
    const rows = await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id));
    expect(rows.filter((row) => row.deletedAt !== null)).toEqual([]);
    // Without the problem, the same revision's removals are seen.
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token,
      body: { options: { sandbox: { fleetSize: 10, revision: 4 } } },
    });
    const clean = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    await waitForSync(key, token, clean.body.id);
    const after = await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id));
    expect(after.filter((row) => row.deletedAt !== null).length).toBeGreaterThan(0);
  });
});

describe("credentials that stop working", () => {
  it("a provider 401 during a sync disconnects the connection and fails the sync with the reason", async () => {
    const { app, connection, key, token } = await setup({ options: { sandbox: { fleetSize: 2, revision: 0 } } });
    await waitForSync(key, token, await lastSyncId(key, token));
    // The customer's password changed at the provider: the stored credentials no longer work.
    const sealed = await sealCredentials(env, connection.id, {
      username: "fleet-manager",
      password: SANDBOX_REJECTED_PASSWORD,
    });
    await db().update(connections).set({ credentialsEncrypted: sealed }).where(eq(connections.id, connection.id));
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    const { job } = await waitForSync(key, token, sync.body.id);
    expect(job.status).toBe("failed");
    expect(job.failureReason).toMatch(/rejected the connection's credentials/);
    const current = await call("GET", `${BASE.sandbox}/connections/current`, { key: app.keys.sandbox.secret, token });
    expect(current.body.status).toBe("disconnected");
  });
});

describe("connections that may not sync", () => {
  for (const status of ["disconnected", "archived"] as const) {
    it(`a running sync stops when the connection becomes ${status}`, async () => {
      const { key, token } = await setup({
        backfill: { days: 90 },
        options: { sandbox: { fleetSize: 1500, revision: 0 } },
      });
      const syncId = await lastSyncId(key, token);
      await call("PATCH", `${BASE.sandbox}/connections/current`, { key, token, body: { status } });
      const { job } = await waitForSync(key, token, syncId);
      expect(job.status).toBe("failed");
      expect(job.failureReason).toContain(status);
      const again = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
      expect(again.status).toBe(422);
      const retry = await call("POST", `${BASE.sandbox}/syncs/${syncId}/retry`, { key, token });
      expect(retry.status).toBe(422);
      expect(retry.body.code).toBe("connection_disconnected");
    });
  }

  it("a deletion request stops syncing and the schedule", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, {
      syncMode: "automatic",
      options: { sandbox: { fleetSize: 2, revision: 0 } },
    });
    const key = app.keys.sandbox.secret;
    await waitForSync(key, connection.token, await lastSyncId(key, connection.token));
    const stub = connectionSync(env, connection.id);
    // Scheduled right after the job completed (which the API shows first).
    await waitFor(
      async () =>
        (await runInDurableObject(stub, (instance: ConnectionSync) => instance.inspect())).nextScheduledAt ?? undefined,
      "the next sync scheduled",
    );
    expect((await call("DELETE", `${BASE.sandbox}/connections/current`, { key, token: connection.token })).status).toBe(
      202,
    );
    expect(
      (await runInDurableObject(stub, (instance: ConnectionSync) => instance.inspect())).nextScheduledAt,
    ).toBeNull();
  });
});
