/**
 * Tiering as the queue runs it (tierConnection, one `series.tier` unit): the application's
 * settings, changed through PATCH /admin/v1/applications/{id}, decide what moves to the archive
 * and what retention deletes from both tiers, without touching the connection's other data.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryBatch, runBatch } from "../../src/db/raw";
import { shardD1 } from "../../src/db/shards";
import { archivePrefix } from "../../src/timeseries/archive/object";
import { tierConnection } from "../../src/timeseries/archive/tier-connection";
import { LOCATION_SERIES, locationCodec } from "../../src/timeseries/series-codecs";
import { mergeSeries } from "../../src/timeseries/store";
import { expectBadRequest } from "../helpers/api-assertions";
import { createSandboxConnection, createTestApplication, shardOf } from "../helpers/factories";
import { admin, BASE, call } from "../helpers/http";
import { createRecordsContext, insertTrip, insertVehicle } from "../helpers/records-factories";
import { lastSyncId, waitForSync } from "../helpers/sync";

const DAY_MS = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY_MS);

/** A point at 10:00 on each of the given days before today. */
async function seed(daysAgo: number[]) {
  const context = await createRecordsContext();
  const vehicle = await insertVehicle(context.owner);
  const d1 = shardD1(env, await shardOf(context.connection.id));
  const points = daysAgo.map((ago) => {
    const t = (TODAY - ago) * DAY_MS + 36_000_000;
    return {
      sample: { t, lat: 39.7, lng: -105, modifiedAt: t },
      raw: { t, schema: "test", extractedAt: t, data: { ago } },
    };
  });
  await runBatch(
    d1,
    await mergeSeries(d1, context.connection.id, () => locationCodec, [
      { vehicleId: vehicle.id, series: LOCATION_SERIES, points },
    ]),
  );
  await insertTrip(context.owner, vehicle, { startedAt: new Date((TODAY - 400) * DAY_MS) });
  return { context, vehicle, d1 };
}

const hotDays = async (d1: D1Database, connectionId: string) =>
  (
    await queryBatch<[{ day: number }]>(d1, [
      sql`SELECT DISTINCT hour / 24 AS day FROM vehicle_series WHERE connection_id = ${connectionId} ORDER BY day`,
    ])
  )[0].map((row) => TODAY - row.day);
const objects = async (connectionId: string) =>
  (await env.SERIES_ARCHIVE.list({ prefix: archivePrefix(connectionId) })).objects.length;

describe("time-series tiering", () => {
  it("keeps 90 days hot by default, and moves what is older to the archive", async () => {
    const { context, d1 } = await seed([1, 89, 91, 200]);
    const settings = await admin("GET", `/applications/${context.app.id}`);
    expect(settings.body.timeSeries).toEqual({ enabled: false, hotDays: 90, retentionDays: null });
    expect(await tierConnection(env, context.connection.id)).toEqual({ more: false });
    expect(await hotDays(d1, context.connection.id)).toEqual([89, 1]);
    expect(await objects(context.connection.id)).toBe(2);
  });

  it("follows the application's settings: a shorter hot window, and retention in both tiers", async () => {
    const { context, vehicle, d1 } = await seed([1, 5, 20, 40, 400]);
    const updated = await admin("PATCH", `/applications/${context.app.id}`, { timeSeries: { hotDays: 10 } });
    expect(updated.status).toBe(200);
    expect(updated.body.timeSeries).toEqual({ enabled: false, hotDays: 10, retentionDays: null });
    await tierConnection(env, context.connection.id);
    expect(await hotDays(d1, context.connection.id)).toEqual([5, 1]);
    expect(await objects(context.connection.id)).toBe(3);

    await admin("PATCH", `/applications/${context.app.id}`, { timeSeries: { retentionDays: 30 } });
    await tierConnection(env, context.connection.id);
    expect(await hotDays(d1, context.connection.id)).toEqual([5, 1]);
    expect(await objects(context.connection.id)).toBe(1);
    // Reads find the archived day that is kept, and nothing older.
    const read = await context.get(
      `/vehicles/${vehicle.id}/locations?startAt=${new Date((TODAY - 365) * DAY_MS).toISOString()}&endAt=${new Date().toISOString()}`,
    );
    expect(read.body.results.map((point: { raw?: unknown; locatedAt: string }) => point.locatedAt)).toEqual(
      [20, 5, 1].map((ago) => new Date((TODAY - ago) * DAY_MS + 36_000_000).toISOString()),
    );
    // Retention concerns the time series only: the trip of 400 days ago stays.
    expect((await context.get("/trips")).body.results).toHaveLength(1);
  });

  it("syncs the time series by default, and none for an application that turned them off", async () => {
    const created = await admin("POST", "/applications", { name: "time series by default" });
    expect(created.body.timeSeries).toEqual({ enabled: true, hotDays: 90, retentionDays: null });
    const off = await createTestApplication({ timeSeries: false });
    const connection = await createSandboxConnection(off, {
      syncMode: "manual",
      backfill: { days: 2 },
      options: { sandbox: { fleetSize: 4 } },
    });
    const key = off.keys.sandbox.secret;
    await waitForSync(key, connection.token, await lastSyncId(key, connection.token));
    const read = (path: string) => call("GET", `${BASE.sandbox}${path}`, { key, token: connection.token });
    expect((await read("/trips")).body.results).toEqual([]);
    expect((await read("/vehicles/locations")).body.results).toEqual([]);
    expect((await read("/vehicles/utilization")).body.results.length).toBeGreaterThan(0);
    await admin("PATCH", `/applications/${off.id}`, { timeSeries: { enabled: true } });
    // Remembered for up to AUTH_CACHE_SECONDS (1 s in the tests), like keys.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token: connection.token, body: { days: 2 } });
    await waitForSync(key, connection.token, sync.body.id);
    expect((await read("/trips")).body.results.length).toBeGreaterThan(0);
    expect((await read("/vehicles/locations")).body.results.length).toBeGreaterThan(0);
  });

  it("refuses settings out of range", async () => {
    const { context } = await seed([1]);
    expectBadRequest(await admin("PATCH", `/applications/${context.app.id}`, { timeSeries: { hotDays: 0 } }));
    expectBadRequest(await admin("PATCH", `/applications/${context.app.id}`, { timeSeries: { retentionDays: -1 } }));
    expectBadRequest(await admin("PATCH", `/applications/${context.app.id}`, { timeSeries: { hot: 5 } }));
    const cleared = await admin("PATCH", `/applications/${context.app.id}`, { timeSeries: { retentionDays: null } });
    expect(cleared.body.timeSeries.retentionDays).toBeNull();
  });
});
