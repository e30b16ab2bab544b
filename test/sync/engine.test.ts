/**
 * The sync engine end to end in workerd: POST /connections and POST /syncs go through the
 * real ConnectionSync Durable Object and the real queue consumer into real D1; the sandbox
 * provider is the upstream. Each test makes its own application and connection. Faults are in
 * engine-faults.test.ts.
 */

import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { syncJobs, usageRecords } from "../../src/db/schema";
import { drivers } from "../../src/families/drivers/table";
import { vehicleUtilization } from "../../src/families/vehicle-utilization/table";
import { vehicles } from "../../src/families/vehicles/table";
import { newId } from "../../src/lib/ids";
import { connectionSync } from "../../src/sync/client";
import type { ConnectionSync } from "../../src/sync/connection-sync";
import { expectError } from "../helpers/api-assertions";
import { createSandboxConnection, createTestApplication, dataDb } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { providerSourceIds } from "../helpers/provider-truth";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { waitFor } from "../webhooks/helpers";
import { setup, storedSourceIds } from "./engine-helpers";

describe("initial backfill", () => {
  it("starts with the connection and completes, with monotonic progress, storing exactly the provider's fleet", async () => {
    const options = { sandbox: { fleetSize: 12, revision: 0 } };
    const { connection, key, token } = await setup({ backfill: { days: 5 }, options });
    const { job, progress } = await waitForSync(key, token, await lastSyncId(key, token));
    expect(job).toMatchObject({ status: "completed", progress: 100, attempts: 1 });
    expect(job.completedAt).toBeDefined();
    for (let index = 1; index < progress.length; index++)
      expect(progress[index]).toBeGreaterThanOrEqual(progress[index - 1]!);
    expect(await storedSourceIds(vehicles, connection.id)).toEqual(
      await providerSourceIds(connection, "vehicles", options),
    );
    expect(await storedSourceIds(drivers, connection.id)).toEqual(
      await providerSourceIds(connection, "drivers", options),
    );
    // Five days of history plus today, for every vehicle.
    const [counted] = await (await dataDb(connection.id))
      .select({ days: sql<number>`count(distinct ${vehicleUtilization.date})` })
      .from(vehicleUtilization)
      .where(eq(vehicleUtilization.connectionId, connection.id));
    expect(counted?.days).toBe(6);
  });

  it("counts usage: every ingested vehicle is billable this month, with one backfill unit per vehicle-day before creation", async () => {
    const { connection, key, token } = await setup({
      backfill: { days: 3 },
      options: { sandbox: { fleetSize: 4, revision: 0 } },
    });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token));
    // The month the sync ran in, which is not today's month when the test crosses the 1st, 00:00 UTC.
    const month = job.requestedAt.slice(0, 7);
    const usage = await call("GET", `${BASE.sandbox}/usage?month=${month}`, { key });
    const mine = usage.body.results.filter((record: { connection: string }) => record.connection === connection.id);
    expect(mine).toHaveLength(4);
    const utilizationDays = await (await dataDb(connection.id))
      .select({ vehicleId: vehicleUtilization.vehicleId, days: sql<number>`count(*)` })
      .from(vehicleUtilization)
      .where(
        and(
          eq(vehicleUtilization.connectionId, connection.id),
          sql`${vehicleUtilization.date} < ${new Date(connection.createdAt).toISOString().slice(0, 10)}`,
        ),
      )
      .groupBy(vehicleUtilization.vehicleId);
    for (const { vehicleId, days } of utilizationDays) {
      expect(mine.find((record: { vehicle: string }) => record.vehicle === vehicleId)?.backfillUnitCount).toBe(days);
    }
    // A second sync of the same days bills nothing more.
    const again = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 3 } });
    expect(again.status).toBe(201);
    await waitForSync(key, token, again.body.id);
    const after = await (await dataDb(connection.id))
      .select()
      .from(usageRecords)
      .where(eq(usageRecords.connectionId, connection.id));
    expect(after.map((row) => row.backfillUnitCount).sort()).toEqual(
      mine.map((record: { backfillUnitCount: number }) => record.backfillUnitCount).sort(),
    );
  });
});

describe("requesting syncs", () => {
  it("answers 201 with a requested job, 409 conflict while it runs, and runs again afterwards", async () => {
    const { key, token } = await setup({ options: { sandbox: { fleetSize: 300, revision: 0 } } });
    await waitForSync(key, token, await lastSyncId(key, token));
    const first = await call("POST", `${BASE.sandbox}/syncs`, {
      key,
      token,
      body: { days: 2, providerRequests: ["historical_files"] },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      status: "requested",
      progress: 0,
      attempts: 1,
      providerRequests: ["historical_files"],
    });
    expect(first.body.id).toMatch(/^sync_[0-9A-HJKMNP-TV-Z]{26}$/);
    const second = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("conflict");
    expect((await waitForSync(key, token, first.body.id)).job.status).toBe("completed");
    const third = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect(third.status).toBe(201);
    await waitForSync(key, token, third.body.id);
    const list = await call("GET", `${BASE.sandbox}/syncs?status=completed`, { key, token });
    expect(list.body.results.map((job: { id: string }) => job.id)).toEqual(
      expect.arrayContaining([first.body.id, third.body.id]),
    );
  });

  it("validates the request body", async () => {
    const { key, token } = await setup();
    for (const body of [{ days: -1 }, { startFrom: "yesterday" }, { providerRequests: ["nope"] }, { extra: 1 }]) {
      const result = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("refuses to sync a disconnected connection", async () => {
    const { key, token } = await setup();
    await waitForSync(key, token, await lastSyncId(key, token));
    await call("PATCH", `${BASE.sandbox}/connections/current`, { key, token, body: { status: "disconnected" } });
    const result = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect(result.status).toBe(422);
    expect(result.body.code).toBe("connection_disconnected");
  });
});

describe("incremental sync", () => {
  it("picks up records added, changed and removed at the provider; ids are stable and modifiedAt moves only on change", async () => {
    const { connection, key, token } = await setup({ options: { sandbox: { fleetSize: 30, revision: 0 } } });
    await waitForSync(key, token, await lastSyncId(key, token));
    const before = await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id));
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token,
      body: { options: { sandbox: { fleetSize: 30, revision: 3 } } },
    });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    await waitForSync(key, token, sync.body.id);
    const after = await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id));
    const expected = await providerSourceIds(connection, "vehicles", { sandbox: { fleetSize: 30, revision: 3 } });
    expect(
      after
        .filter((row) => row.deletedAt === null)
        .map((row) => row.sourceId)
        .sort(),
    ).toEqual(expected);
    const beforeById = new Map(before.map((row) => [row.sourceId, row]));
    let unchanged = 0;
    for (const row of after) {
      const earlier = beforeById.get(row.sourceId);
      if (!earlier) continue;
      expect(row.id).toBe(earlier.id);
      expect(row.addedAt.getTime()).toBe(earlier.addedAt.getTime());
      if (row.contentHash === earlier.contentHash && row.deletedAt === null) {
        expect(row.modifiedAt.getTime()).toBe(earlier.modifiedAt.getTime());
        unchanged++;
      } else {
        expect(row.modifiedAt.getTime()).toBeGreaterThan(earlier.modifiedAt.getTime());
      }
    }
    expect(unchanged).toBeGreaterThan(0);
    const removed = after.filter((row) => row.deletedAt !== null);
    for (const row of removed) expect(row.visibility).toBe("deleted");
    expect(removed.length + expected.length).toBeGreaterThanOrEqual(before.length);
  });

  it("a redelivered message changes nothing: no duplicate rows, the sync still completes once", async () => {
    const { connection, key, token } = await setup({ options: { sandbox: { fleetSize: 8, revision: 0 } } });
    const syncId = await lastSyncId(key, token);
    await waitForSync(key, token, syncId);
    const count = async () =>
      (
        await (
          await dataDb(connection.id)
        )
          .select({ n: sql<number>`count(*)` })
          .from(vehicles)
          .where(eq(vehicles.connectionId, connection.id))
      )[0]!.n;
    const rowsBefore = await count();
    // Replay the first message of the finished sync, as a queue redelivery would.
    await env.SYNC_QUEUE.send({
      type: "sync.page",
      connectionId: connection.id,
      syncId,
      seq: 0,
      step: { model: "vehicles" },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await count()).toBe(rowsBefore);
    const [job] = await (await dataDb(connection.id)).select().from(syncJobs).where(eq(syncJobs.id, syncId));
    expect(job?.status).toBe("completed");
  });
});

describe("cancel", () => {
  it("stops a running sync: it ends failed as cancelled and no later page is stored", async () => {
    const { connection, key, token } = await setup({
      backfill: { days: 60 },
      options: { sandbox: { fleetSize: 2000, revision: 0 } },
    });
    const syncId = await lastSyncId(key, token);
    const cancel = await call("POST", `${BASE.sandbox}/syncs/${syncId}/cancel`, { key, token });
    expect(cancel.status).toBe(200);
    const { job } = await waitForSync(key, token, syncId);
    expect(job.status).toBe("failed");
    expect(job.failureReason).toMatch(/cancel/i);
    const count = async () =>
      (
        await (
          await dataDb(connection.id)
        )
          .select({ n: sql<number>`count(*)` })
          .from(vehicleUtilization)
          .where(eq(vehicleUtilization.connectionId, connection.id))
      )[0]!.n;
    const stored = await count();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await count()).toBe(stored);
    const again = await call("POST", `${BASE.sandbox}/syncs/${syncId}/cancel`, { key, token });
    // The reference's 422 for a job in the wrong state, with a code that says so.
    expectError(again, 422, "invalid_sync_state");
  });
});

describe("watchdog", () => {
  it("resends the current message of a sync that stopped making progress (its message was lost)", async () => {
    const app = await createTestApplication();
    const connection = await createSandboxConnection(app, {
      syncMode: "manual",
      options: { sandbox: { fleetSize: 3, revision: 0 } },
    });
    const key = app.keys.sandbox.secret;
    await waitForSync(key, connection.token, await lastSyncId(key, connection.token));

    // A sync in progress whose only message is gone: nothing will ever report back on it.
    const syncId = newId("syncJob");
    const stalledSince = Date.now() - 11 * 60_000;
    await (await dataDb(connection.id)).insert(syncJobs).values({
      id: syncId,
      connectionId: connection.id,
      applicationId: app.id,
      environment: "sandbox",
      status: "in_progress",
      requestedAt: new Date(stalledSince),
      startedAt: new Date(stalledSince),
      progress: 0,
      startFrom: new Date(stalledSince),
      attempts: 1,
      providerRequests: [],
      updatedAt: new Date(stalledSince),
    });
    const stub = connectionSync(env, connection.id);
    await runInDurableObject(stub, async (_instance: ConnectionSync, ctx) => {
      const stored = ctx.storage.sql.exec<{ value: string }>("SELECT value FROM sync_state WHERE key = 'state'").one();
      const active = {
        syncId,
        seq: 0,
        steps: [{ model: "vehicles" }],
        stepIndex: 0,
        pagesInStep: 0,
        started: true,
        progress: 0,
        lastProgressAt: stalledSince,
        windowEnd: Date.now(),
      };
      ctx.storage.sql.exec(
        "UPDATE sync_state SET value = ? WHERE key = 'state'",
        JSON.stringify({ ...JSON.parse(stored.value), active }),
      );
      await ctx.storage.setAlarm(Date.now() + 60_000);
    });
    // A restart: the object reads the edited storage and remembers no pick-up of the message.
    await evictDurableObject(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const { job } = await waitForSync(key, connection.token, syncId);
    expect(job.status).toBe("completed");
    const stored = await (await dataDb(connection.id))
      .select()
      .from(vehicles)
      .where(eq(vehicles.connectionId, connection.id));
    expect(stored).toHaveLength(3);
  });
});

describe("schedule", () => {
  it("an automatic connection schedules its next sync with the Durable Object's alarm; a manual one does not", async () => {
    const app = await createTestApplication();
    const automatic = await createSandboxConnection(app, {
      syncMode: "automatic",
      options: { sandbox: { fleetSize: 3, revision: 0 } },
    });
    const key = app.keys.sandbox.secret;
    const first = await lastSyncId(key, automatic.token);
    await waitForSync(key, automatic.token, first);
    const stub = connectionSync(env, automatic.id);
    // The object schedules the next sync right after it completed the job (which the API shows first).
    const scheduled = await waitFor(async () => {
      const state = await runInDurableObject(stub, (instance: ConnectionSync) => instance.inspect());
      return state.nextScheduledAt ?? undefined;
    }, "the next sync scheduled");
    expect(scheduled).toBeGreaterThan(Date.now());
    // Make the schedule due and fire the alarm: a new sync starts.
    await runInDurableObject(stub, (_instance: ConnectionSync, ctx) => {
      ctx.storage.sql.exec(
        "UPDATE sync_state SET value = json_set(value, '$.nextScheduledAt', ?) WHERE key = 'state'",
        Date.now() - 1,
      );
    });
    // The object keeps its state in memory too: a restart makes it read the edited storage.
    await evictDurableObject(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const next = await lastSyncId(key, automatic.token);
    expect(next).not.toBe(first);
    expect((await waitForSync(key, automatic.token, next)).job.status).toBe("completed");

    const manual = await createSandboxConnection(app, {
      syncMode: "manual",
      options: { sandbox: { fleetSize: 3, revision: 0 } },
    });
    await waitForSync(key, manual.token, await lastSyncId(key, manual.token));
    const manualState = await runInDurableObject(connectionSync(env, manual.id), (instance: ConnectionSync) =>
      instance.inspect(),
    );
    expect(manualState.nextScheduledAt).toBeNull();
    // Switching to automatic schedules it; back to manual clears it.
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token: manual.token,
      body: { syncMode: "automatic" },
    });
    // The object is told after the answer (the change's recorded intent makes it owed).
    const inspect = () => runInDurableObject(connectionSync(env, manual.id), (i: ConnectionSync) => i.inspect());
    await waitFor(async () => (await inspect()).nextScheduledAt ?? undefined, "the schedule set");
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token: manual.token,
      body: { syncMode: "manual" },
    });
    await waitFor(async () => ((await inspect()).nextScheduledAt === null ? true : undefined), "the schedule cleared");
  });
});
