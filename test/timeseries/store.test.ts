/**
 * The series store on a real shard: points merged into hour rows by time (a redelivered page
 * writes nothing, a correction replaces the point), points of vehicles that are not visible
 * left out, raw payloads kept apart and returned, and reads paged by key across sparse hours,
 * checked as a property: every page walk returns exactly the window's points, in order, once.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { queryBatch, runBatch } from "../../src/db/raw";
import { shardD1 } from "../../src/db/shards";
import { fromHex } from "../../src/lib/encoding";
import { gzip } from "../../src/timeseries/gzip";
import { HOUR_MS } from "../../src/timeseries/hours";
import type { LocationSample } from "../../src/timeseries/location-codec";
import { decodeRawPoints } from "../../src/timeseries/raw-blob";
import { readSeries } from "../../src/timeseries/read";
import { LOCATION_SERIES, locationCodec, statCodec } from "../../src/timeseries/series-codecs";
import type { StatSample } from "../../src/timeseries/stat-codec";
import { mergeSeries, type SeriesWrite } from "../../src/timeseries/store";
import { createTestApplication, insertConnection, shardOf } from "../helpers/factories";
import { insertVehicle, ownerOf } from "../helpers/records-factories";

const START = Date.UTC(2026, 0, 5, 8);

async function fixture(visibility: "visible" | "hidden_by_status" = "visible") {
  const app = await createTestApplication();
  const connection = await insertConnection(app, "sandbox");
  const vehicle = await insertVehicle(ownerOf(app, connection), { visibility });
  const d1 = shardD1(env, await shardOf(connection.id));
  return { connectionId: connection.id, vehicleId: vehicle.id, d1 };
}

const point = (t: number, lat: number, modifiedAt = 1): LocationSample => ({
  t,
  lat,
  lng: -104.99,
  heading: 90,
  speed: 80.5,
  modifiedAt,
});

function locationWrite(vehicleId: string, samples: LocationSample[], data = "payload"): SeriesWrite<LocationSample> {
  return {
    vehicleId,
    series: LOCATION_SERIES,
    points: samples.map((sample) => ({
      sample,
      raw: { t: sample.t, schema: "test.points", extractedAt: sample.modifiedAt, data: { data, t: sample.t } },
    })),
  };
}

async function readAll(
  fix: { connectionId: string; vehicleId: string; d1: D1Database },
  window: { start: number; end: number },
  pageSize: number,
) {
  const pages: LocationSample[][] = [];
  let after: { t: number; series: string } | undefined;
  for (;;) {
    const points = await readSeries(
      { d1: fix.d1, archive: env.SERIES_ARCHIVE },
      {
        connectionId: fix.connectionId,
        vehicleId: fix.vehicleId,
        series: [LOCATION_SERIES],
        codecOf: () => locationCodec,
        ...window,
        ...(after ? { after } : {}),
        count: pageSize + 1,
        raw: false,
      },
    );
    const page = points.slice(0, pageSize).map((read) => read.sample);
    pages.push(page);
    if (points.length <= pageSize) return pages;
    after = { t: page.at(-1)!.t, series: LOCATION_SERIES };
  }
}

/** The first hour's breadcrumbs with their payloads. */
function readHourWithPayloads(fix: { connectionId: string; vehicleId: string; d1: D1Database }) {
  return readSeries(
    { d1: fix.d1, archive: env.SERIES_ARCHIVE },
    {
      connectionId: fix.connectionId,
      vehicleId: fix.vehicleId,
      series: [LOCATION_SERIES],
      codecOf: () => locationCodec,
      start: START,
      end: START + HOUR_MS,
      count: 1000,
      raw: true,
    },
  );
}

describe("series store", () => {
  it("stores a page once: the same page again writes nothing and keeps modifiedAt", async () => {
    const fix = await fixture();
    const samples = Array.from({ length: 300 }, (_, index) => point(START + index * 30_000, 39.7 + index / 1e4, 1000));
    const first = await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [
      locationWrite(fix.vehicleId, samples),
    ]);
    expect(first.length).toBeGreaterThan(0);
    await runBatch(fix.d1, first);
    const again = samples.map((sample) => ({ ...sample, modifiedAt: 2000 }));
    const second = await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [
      locationWrite(fix.vehicleId, again),
    ]);
    expect(second).toEqual([]);
    const pages = await readAll(fix, { start: START, end: START + 4 * HOUR_MS }, 1000);
    expect(pages.flat()).toHaveLength(300);
    expect(pages.flat().every((sample) => sample.modifiedAt === 1000)).toBe(true);
  });

  it("replaces a corrected point and keeps the others as they were", async () => {
    const fix = await fixture();
    const samples = Array.from({ length: 10 }, (_, index) => point(START + index * 30_000, 39.7, 1000));
    await runBatch(
      fix.d1,
      await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [locationWrite(fix.vehicleId, samples)]),
    );
    const corrected = point(START + 4 * 30_000, 39.75, 2000);
    await runBatch(
      fix.d1,
      await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [
        locationWrite(fix.vehicleId, [corrected], "fix"),
      ]),
    );
    const [stored] = await readAll(fix, { start: START, end: START + HOUR_MS }, 100);
    expect(stored).toHaveLength(10);
    expect(stored![4]).toMatchObject({ lat: 39.75, modifiedAt: 2000 });
    expect(stored!.filter((sample) => sample.modifiedAt === 1000)).toHaveLength(9);
    const raw = await readHourWithPayloads(fix);
    expect(raw.map((read) => (read.raw?.data as { data: string } | undefined)?.data)).toEqual([
      ...Array(4).fill("payload"),
      "fix",
      ...Array(5).fill("payload"),
    ]);
  });

  it("keeps the last of a point given twice in one page, its reading and its payload", async () => {
    const fix = await fixture();
    const first = locationWrite(fix.vehicleId, [point(START, 39.7), point(START + 30_000, 39.71)], "first");
    const second = locationWrite(fix.vehicleId, [point(START + 30_000, 39.72)], "second");
    await runBatch(fix.d1, await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [first, second]));
    const read = await readHourWithPayloads(fix);
    expect(read.map((entry) => [entry.sample.lat, (entry.raw?.data as { data: string } | undefined)?.data])).toEqual([
      [39.7, "first"],
      [39.72, "second"],
    ]);
    // One payload a point in the stored row too, not the replaced one beside it.
    const [rows] = await queryBatch<[{ raw: string }]>(fix.d1, [
      sql`SELECT hex(raw) AS raw FROM vehicle_series_raw WHERE connection_id = ${fix.connectionId}`,
    ]);
    expect(rows).toHaveLength(1);
    const stored = await decodeRawPoints(fromHex(rows[0]!.raw));
    expect(stored.map((entry) => (entry.data as { data: string }).data)).toEqual(["first", "second"]);
  });

  it("leaves out the points of a vehicle that is not visible", async () => {
    const fix = await fixture("hidden_by_status");
    const statements = await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [
      locationWrite(fix.vehicleId, [point(START, 39.7)]),
    ]);
    expect(statements).toEqual([]);
  });

  it("pages through any window of sparse hours: every point once, in order", async () => {
    const fix = await fixture();
    // Points on a few days of a month, bunched in hours, so reads cross empty spans.
    const all = new Map<number, LocationSample>();
    const rng = fc.sample(fc.integer({ min: 0, max: 30 * 24 * 120 - 1 }), { seed: 7, numRuns: 1500 });
    for (const slot of rng) {
      const day = slot % 4 === 0 ? slot : slot % 9;
      const t = START + Math.floor(day / 120) * HOUR_MS * (slot % 3 === 0 ? 5 : 1) + (day % 120) * 30_000;
      all.set(t, point(t, 39 + (t % 997) / 1e4, 1000));
    }
    const samples = [...all.values()].sort((a, b) => a.t - b.t);
    for (let index = 0; index < samples.length; index += 400) {
      await runBatch(
        fix.d1,
        await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [
          locationWrite(fix.vehicleId, samples.slice(index, index + 400)),
        ]),
      );
    }
    const first = samples[0]!.t;
    const last = samples.at(-1)!.t;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: first - HOUR_MS, max: last }),
        fc.integer({ min: 1, max: 40 * 24 * HOUR_MS }),
        fc.integer({ min: 1, max: 700 }),
        async (start, length, pageSize) => {
          const end = start + length;
          const pages = await readAll(fix, { start, end }, pageSize);
          const expected = samples.filter((sample) => sample.t >= start && sample.t < end).map((sample) => sample.t);
          expect(pages.flat().map((sample) => sample.t)).toEqual(expected);
          expect(pages.slice(0, -1).every((page) => page.length === pageSize)).toBe(true);
        },
      ),
      { seed: 18, numRuns: 25 },
    );
  });

  it("reads several stat series in time order, then series order", async () => {
    const fix = await fixture();
    const stat = (t: number, value: number | string): StatSample => ({ t, value, modifiedAt: 1 });
    const writes: SeriesWrite<StatSample>[] = [
      { vehicleId: fix.vehicleId, series: "odometer", points: [] },
      { vehicleId: fix.vehicleId, series: "engine_state", points: [] },
    ];
    for (let index = 0; index < 50; index++) {
      const t = START + index * 5 * 60_000;
      writes[0]!.points.push({ sample: stat(t, 1000 + index), raw: { t, schema: "s", extractedAt: 1, data: index } });
      if (index % 10 === 0) {
        writes[1]!.points.push({
          sample: stat(t, index % 20 ? "off" : "on"),
          raw: { t, schema: "s", extractedAt: 1, data: index },
        });
      }
    }
    await runBatch(fix.d1, await mergeSeries(fix.d1, fix.connectionId, () => statCodec, writes));
    const read = await readSeries(
      { d1: fix.d1, archive: env.SERIES_ARCHIVE },
      {
        connectionId: fix.connectionId,
        vehicleId: fix.vehicleId,
        series: ["engine_state", "odometer"],
        codecOf: () => statCodec,
        start: START,
        end: START + 10 * HOUR_MS,
        count: 100,
        raw: false,
      },
    );
    expect(read).toHaveLength(55);
    expect(read.slice(0, 3).map((point) => [point.series, point.sample.value])).toEqual([
      ["engine_state", "on"],
      ["odometer", 1000],
      ["odometer", 1001],
    ]);
    for (let index = 1; index < read.length; index++)
      expect(read[index]!.sample.t).toBeGreaterThanOrEqual(read[index - 1]!.sample.t);
  });

  it("keeps the payloads of an hour's stat types in one row, and still reads a type's own row written before", async () => {
    const fix = await fixture();
    const write = (series: string, times: number[], data: string, value = 1): SeriesWrite<StatSample> => ({
      vehicleId: fix.vehicleId,
      series,
      points: times.map((t) => ({
        sample: { t, value, modifiedAt: value },
        raw: { t, schema: "s", extractedAt: 1, data },
      })),
    });
    const times = [0, 1, 2].map((index) => START + index * 5 * 60_000);
    await runBatch(
      fix.d1,
      await mergeSeries(fix.d1, fix.connectionId, () => statCodec, [
        write("odometer", times, "odo"),
        write("fuel_level", times, "fuel"),
      ]),
    );
    const payloadRows = async () =>
      (
        await queryBatch<[{ series: string; hour: number }]>(fix.d1, [
          sql`SELECT series, hour FROM vehicle_series_raw WHERE connection_id = ${fix.connectionId} ORDER BY series`,
        ])
      )[0];
    expect(await payloadRows()).toEqual([{ series: "stats", hour: START / HOUR_MS }]);

    // A row of one type's payloads as written before groups: a JSON array of [t, schema, extractedAt, data].
    const legacyT = START + 30 * 60_000;
    await runBatch(
      fix.d1,
      await mergeSeries(fix.d1, fix.connectionId, () => statCodec, [write("engine_rpm", [legacyT], "x")]),
    );
    await runBatch(fix.d1, [
      sql`DELETE FROM vehicle_series_raw WHERE connection_id = ${fix.connectionId}`,
      sql`INSERT INTO vehicle_series_raw (connection_id, vehicle_id, series, hour, raw) VALUES (${fix.connectionId},
        ${fix.vehicleId}, 'engine_rpm', ${START / HOUR_MS}, ${await gzip(new TextEncoder().encode(JSON.stringify([[legacyT, "old", 1, "rpm"]])))})`,
    ]);
    // A later page corrects the other types: it writes the hour's group row again; the old row stays the rpm's.
    await runBatch(
      fix.d1,
      await mergeSeries(fix.d1, fix.connectionId, () => statCodec, [
        write("odometer", times, "odo2", 2),
        write("fuel_level", times, "fuel2", 2),
      ]),
    );
    const read = await readSeries(
      { d1: fix.d1, archive: env.SERIES_ARCHIVE },
      {
        connectionId: fix.connectionId,
        vehicleId: fix.vehicleId,
        series: ["odometer", "fuel_level", "engine_rpm"],
        codecOf: () => statCodec,
        start: START,
        end: START + HOUR_MS,
        count: 100,
        raw: true,
      },
    );
    expect(read.map((point) => [point.series, point.raw?.data, point.raw?.schema])).toEqual([
      ["odometer", "odo2", "s"],
      ["fuel_level", "fuel2", "s"],
      ["odometer", "odo2", "s"],
      ["fuel_level", "fuel2", "s"],
      ["odometer", "odo2", "s"],
      ["fuel_level", "fuel2", "s"],
      ["engine_rpm", "rpm", "old"],
    ]);
    expect(await payloadRows()).toEqual([
      { series: "engine_rpm", hour: START / HOUR_MS },
      { series: "stats", hour: START / HOUR_MS },
    ]);
  });
});
