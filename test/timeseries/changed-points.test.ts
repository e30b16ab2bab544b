/**
 * What a delivery reads of the vehicle series (timeseries/changed-points.ts), on a real shard and
 * the local R2 archive: every point modified in a window exactly once, from both tiers, page after
 * page at any page size; only the window's points, whatever else the same rows hold; and a row a
 * write moves during the read is read again (its points maybe twice), never lost.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runBatch } from "../../src/db/raw";
import { shardD1 } from "../../src/db/shards";
import { archiveDueDays } from "../../src/timeseries/archive/archive-connection";
import { type ChangedAfter, changedPoints } from "../../src/timeseries/changed-points";
import { HOUR_MS } from "../../src/timeseries/hours";
import type { LocationSample } from "../../src/timeseries/location-codec";
import { LOCATION_SERIES, locationCodec, statCodec } from "../../src/timeseries/series-codecs";
import type { StatSample } from "../../src/timeseries/stat-codec";
import { mergeSeries } from "../../src/timeseries/store";
import { createTestApplication, insertConnection, shardOf } from "../helpers/factories";
import { insertVehicle, ownerOf } from "../helpers/records-factories";

const DAY_MS = 86_400_000;
const DAY = Math.floor(Date.UTC(2026, 0, 5) / DAY_MS);
const SERIES = [LOCATION_SERIES, "odometer"];

async function fixture() {
  const app = await createTestApplication();
  const connection = await insertConnection(app, "sandbox");
  const owner = ownerOf(app, connection);
  const vehicles = [(await insertVehicle(owner)).id, (await insertVehicle(owner)).id];
  const d1 = shardD1(env, await shardOf(connection.id));
  return { connectionId: connection.id, vehicles, d1 };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/**
 * Driving of a vehicle on a day from 10:00 until `untilHour` (a point a minute, an odometer reading
 * every 10 minutes, the odometer at `speed` km/h), written at `modifiedAt`.
 */
async function drive(
  fix: Fixture,
  vehicleId: string,
  day: number,
  modifiedAt: number,
  options: { speed?: number; fromHour?: number } = {},
) {
  const { speed = 70, fromHour = 10 } = options;
  const locations: LocationSample[] = [];
  const odometer: StatSample[] = [];
  for (let t = day * DAY_MS + fromHour * HOUR_MS; t < day * DAY_MS + 12 * HOUR_MS; t += 60_000) {
    locations.push({ t, lat: 39 + (t % 100_000) / 1e7, lng: -105, speed, heading: 180, modifiedAt });
    if (t % 600_000 === 0) odometer.push({ t, value: speed * 100 + (t - day * DAY_MS) / 1e6, modifiedAt });
  }
  const raw = (t: number) => ({ t, schema: "test", extractedAt: modifiedAt, data: { t } });
  for (const [series, codec, samples] of [
    [LOCATION_SERIES, locationCodec, locations],
    ["odometer", statCodec, odometer],
  ] as const) {
    const points = (samples as readonly (LocationSample | StatSample)[]).map((sample) => ({
      sample,
      raw: raw(sample.t),
    }));
    await runBatch(
      fix.d1,
      await mergeSeries(fix.d1, fix.connectionId, () => codec as any, [{ vehicleId, series, points }]),
    );
  }
  return [
    ...locations.map((sample) => `${vehicleId}|${LOCATION_SERIES}|${sample.t}|${modifiedAt}`),
    ...odometer.map((sample) => `${vehicleId}|odometer|${sample.t}|${modifiedAt}`),
  ];
}

/** Every page of a window's read at a page size, as `vehicle|series|t|modifiedAt`; `between` runs after the first page. */
async function readAll(fix: Fixture, from: number, to: number, count: number, between?: () => Promise<void>) {
  const read: string[] = [];
  let after: ChangedAfter | undefined;
  for (let page = 0; page < 10_000; page++) {
    const result = await changedPoints(
      { d1: fix.d1, archive: env.SERIES_ARCHIVE, connectionId: fix.connectionId, series: SERIES, from, to, raw: true },
      after,
      count,
    );
    expect(result.points.length).toBeLessThanOrEqual(count);
    for (const { vehicleId, point } of result.points) {
      expect(point.raw?.data).toEqual({ t: point.sample.t });
      read.push(`${vehicleId}|${point.series}|${point.sample.t}|${point.sample.modifiedAt}`);
    }
    if (page === 0) await between?.();
    if (!result.next) return read;
    after = result.next;
  }
  throw new Error("the read did not end");
}

const sorted = (items: readonly string[]) => [...items].sort();

describe("changed points of the vehicle series", () => {
  it("reads every point of a window once, from the archive and the shard, at any page size", async () => {
    const fix = await fixture();
    const [first, second] = fix.vehicles as [string, string];
    const old = [...(await drive(fix, first, DAY, 1000)), ...(await drive(fix, second, DAY, 1000))];
    // The first day moves to the archive; the next two stay hot, written later.
    expect((await archiveDueDays(env, fix.d1, fix.connectionId, DAY + 1, 10)).days).toBe(2);
    const middle = [...(await drive(fix, first, DAY + 1, 2000)), ...(await drive(fix, second, DAY + 1, 2000))];
    const recent = await drive(fix, second, DAY + 2, 3000);
    for (const count of [5, 64, 1000]) {
      expect(sorted(await readAll(fix, 0, 10_000, count)), `pages of ${count}`).toEqual(
        sorted([...old, ...middle, ...recent]),
      );
    }
    // A window takes its own points only; the archive's are in a window only when modified in it.
    expect(sorted(await readAll(fix, 2000, 3000, 13))).toEqual(sorted(middle));
    expect(sorted(await readAll(fix, 3000, 3001, 13))).toEqual(sorted(recent));
    expect(sorted(await readAll(fix, 1000, 2000, 13))).toEqual(sorted(old));
    expect(await readAll(fix, 4000, 5000, 13)).toEqual([]);
  });

  it("takes only the window's points of a row that holds others, and a row moved by a write while it is read is read again, none lost", async () => {
    const fix = await fixture();
    const [first] = fix.vehicles as [string];
    const before = await drive(fix, first, DAY, 1000);
    // A later write changes the second hour's points: their rows now hold points of two times.
    const rewritten = await drive(fix, first, DAY, 2000, { speed: 80, fromHour: 11 });
    const rewrittenTimes = new Set(rewritten.map((point) => point.split("|").slice(0, 3).join("|")));
    const unchanged = before.filter((point) => !rewrittenTimes.has(point.split("|").slice(0, 3).join("|")));
    expect(sorted(await readAll(fix, 1000, 2000, 9))).toEqual(sorted(unchanged));
    expect(sorted(await readAll(fix, 2000, 3000, 9))).toEqual(sorted(rewritten));

    // After the first page, a write moves every row to a later place in the index (one point each is new).
    const window = await readAll(fix, 0, 10_000, 9, async () => {
      await drive(fix, first, DAY, 5000, { speed: 90 });
    });
    const latest = await drive(fix, first, DAY, 5000, { speed: 90 });
    // Every point of the window is read at least once: the version it had when its row was read, or the new one.
    const byPlace = new Map<string, Set<string>>();
    for (const point of window) {
      const place = point.split("|").slice(0, 3).join("|");
      byPlace.set(place, new Set([...(byPlace.get(place) ?? []), point]));
    }
    expect(new Set(byPlace.keys())).toEqual(new Set(latest.map((point) => point.split("|").slice(0, 3).join("|"))));
  });
});
