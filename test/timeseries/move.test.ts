/**
 * A move between shards carries a connection's time series whole: the series rows (binary
 * blobs), their payloads, its trips and latest locations, and the index of its archived days;
 * every breadcrumb, stat reading and payload reads back the same from the new shard, archived
 * days included, and the old shard keeps none of it.
 */
import { describe, expect, it } from "vitest";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { admin, BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { moveEnded, operatorView, otherShard, rowsOn } from "../shards/helpers";

describe("a move of a connection with its time series", () => {
  it("reads every point and payload back the same from the new shard", async () => {
    const app = await createTestApplication({ timeSeries: true });
    const key = app.keys.sandbox.secret;
    const connection = await createSandboxConnection(app, {
      syncMode: "manual",
      backfill: { days: 2 },
      options: { sandbox: { fleetSize: 3, revision: 0 } },
    });
    const token = connection.token as string;
    await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    const get = (path: string) => call("GET", `${BASE.sandbox}${path}`, { key, token });
    const [vehicle] = (await get("/vehicles?limit=1")).body.results as { id: string }[];
    const window = `startAt=${new Date(Date.now() - 3 * 86_400_000).toISOString()}&endAt=${new Date().toISOString()}`;
    const read = async () => ({
      locations: (await get(`/vehicles/${vehicle!.id}/locations?${window}&limit=1000&raw=true`)).body,
      stats: (await get(`/vehicles/${vehicle!.id}/stats/historical?${window}&limit=1000&raw=true`)).body,
      trips: (await get("/trips?limit=500&raw=true")).body,
      latest: (await get("/vehicles/locations?raw=true")).body,
    });
    const before = await read();
    expect(before.locations.results.length).toBeGreaterThan(100);
    const source = (await operatorView(connection.id)).shard;
    const target = otherShard(source);
    const stored = await rowsOn(source, connection.id);
    expect(stored.vehicle_series).toBeGreaterThan(0);
    // A payload row per vehicle, hour and group: the stat types of an hour share one.
    expect(stored.vehicle_series_raw).toBeGreaterThan(0);
    expect(stored.vehicle_series_raw).toBeLessThan(stored.vehicle_series!);

    expect((await admin("POST", `/connections/${connection.id}/move`, { shard: target })).status).toBe(202);
    expect((await moveEnded(connection.id)).shard).toBe(target);
    expect(await read()).toEqual(before);
    const moved = await rowsOn(target, connection.id);
    for (const table of ["vehicle_series", "vehicle_series_raw", "trips", "latest_vehicle_locations"]) {
      expect(moved[table], table).toBe(stored[table]);
    }
  });
});
