/**
 * Deliveries the destinations' schedules owe (the every-minute cron): `after_sync` for the
 * connections whose sync completed since the last delivery, `hourly` an hour after the last one;
 * nothing while a delivery runs or before it is owed.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { scheduleDeliveries } from "../../src/domain/deliveries/schedule";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import { syncedConnection, waitForDelivery } from "./delivery-helpers";

const r2Body = (extra: Record<string, unknown>) => ({
  type: "r2",
  name: "Scheduled",
  models: ["Vehicle"],
  config: { prefix: `scheduled-${crypto.randomUUID()}` },
  ...extra,
});

describe("scheduled deliveries", () => {
  it("after_sync: a delivery of the connections whose sync completed since the last one", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const first = await syncedConnection(app, 1);
    const second = await syncedConnection(app, 1);
    const created = await call("POST", `${BASE.sandbox}/destinations`, {
      key,
      body: r2Body({ schedule: "after_sync" }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const backfill = await waitForDelivery(key, created.body.id);
    expect(backfill.status, backfill.failureReason).toBe("completed");
    // No sync since the backfill: nothing owed.
    expect(await scheduleDeliveries(env, { applicationId: app.id })).toBe(0);

    const sync = await call("POST", `${BASE.sandbox}/syncs`, { ...first.caller, body: {} });
    expect(sync.status, JSON.stringify(sync.body)).toBe(201);
    expect((await waitForSync(key, first.caller.token, sync.body.id)).job.status).toBe("completed");
    // The sync.completed event reaches the control database through the shard's relay.
    await expect.poll(() => scheduleDeliveries(env, { applicationId: app.id }), { timeout: 15_000 }).toBe(1);
    const scheduled = await waitForDelivery(key, created.body.id);
    expect(scheduled).toMatchObject({ status: "completed", trigger: "schedule", connectionIds: [first.id] });
    expect(scheduled.connectionIds).not.toContain(second.id);
    expect(await scheduleDeliveries(env, { applicationId: app.id })).toBe(0);
  });

  it("hourly: a delivery an hour after the last one was requested, of every connection", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const connection = await syncedConnection(app, 1);
    const created = await call("POST", `${BASE.sandbox}/destinations`, { key, body: r2Body({ schedule: "hourly" }) });
    const backfill = await waitForDelivery(key, created.body.id);
    expect(backfill.status).toBe("completed");
    expect(await scheduleDeliveries(env, { applicationId: app.id, now: Date.now() + 59 * 60_000 })).toBe(0);
    expect(await scheduleDeliveries(env, { applicationId: app.id, now: Date.now() + 61 * 60_000 })).toBe(1);
    // One at a time: the one just requested is under way or done, and nothing else is owed before the next hour.
    const scheduled = await waitForDelivery(key, created.body.id);
    expect(scheduled).toMatchObject({ status: "completed", trigger: "schedule", connectionIds: [connection.id] });
  });
});
