/**
 * The archive tier on a real shard and the local R2 bucket: complete days older than the hot
 * window move out of the shard as one self-describing object per vehicle-day, reads page
 * through both tiers as if nothing moved, a late write to an archived day is merged into its
 * object by the next run, and nothing is archived twice or lost.
 */
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryBatch, runBatch } from "../../src/db/raw";
import { shardD1 } from "../../src/db/shards";
import { archiveDueDays } from "../../src/timeseries/archive/archive-connection";
import { ARCHIVE_FORMAT, archiveKey } from "../../src/timeseries/archive/object";
import { HOUR_MS } from "../../src/timeseries/hours";
import type { LocationSample } from "../../src/timeseries/location-codec";
import { readSeries } from "../../src/timeseries/read";
import { LOCATION_SERIES, locationCodec, statCodec } from "../../src/timeseries/series-codecs";
import { mergeSeries } from "../../src/timeseries/store";
import { createTestApplication, insertConnection, shardOf } from "../helpers/factories";
import { insertVehicle, ownerOf } from "../helpers/records-factories";

const DAY_MS = 86_400_000;
const DAY = Math.floor(Date.UTC(2026, 0, 5) / DAY_MS);

async function fixture() {
  const app = await createTestApplication();
  const connection = await insertConnection(app, "sandbox");
  const vehicle = await insertVehicle(ownerOf(app, connection));
  const d1 = shardD1(env, await shardOf(connection.id));
  return { connectionId: connection.id, vehicleId: vehicle.id, d1 };
}

/** Three days of driving, 10:00–14:00, a point every 30 s, and an odometer reading every 5 minutes. */
function drive(day: number, modifiedAt = 1000) {
  const locations: LocationSample[] = [];
  const odometer = [];
  for (let t = day * DAY_MS + 10 * HOUR_MS; t < day * DAY_MS + 14 * HOUR_MS; t += 30_000) {
    locations.push({ t, lat: 39 + (t % 100_000) / 1e7, lng: -105, speed: 70, heading: 180, modifiedAt });
    if (t % 300_000 === 0) odometer.push({ t, value: 1000 + (t - day * DAY_MS) / 1e6, modifiedAt });
  }
  return { locations, odometer };
}

async function write(fix: Awaited<ReturnType<typeof fixture>>, day: number, modifiedAt = 1000) {
  const { locations, odometer } = drive(day, modifiedAt);
  const raw = (t: number) => ({ t, schema: "test", extractedAt: modifiedAt, data: { t } });
  await runBatch(
    fix.d1,
    await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [
      {
        vehicleId: fix.vehicleId,
        series: LOCATION_SERIES,
        points: locations.map((sample) => ({ sample, raw: raw(sample.t) })),
      },
    ]),
  );
  await runBatch(
    fix.d1,
    await mergeSeries(fix.d1, fix.connectionId, () => statCodec, [
      {
        vehicleId: fix.vehicleId,
        series: "odometer",
        points: odometer.map((sample) => ({ sample, raw: raw(sample.t) })),
      },
    ]),
  );
  return { locations, odometer };
}

async function readAll(
  fix: Awaited<ReturnType<typeof fixture>>,
  series: string[],
  start: number,
  end: number,
  pageSize: number,
) {
  const all: { series: string; t: number; raw?: unknown }[] = [];
  let after: { t: number; series: string } | undefined;
  for (;;) {
    const points = await readSeries(
      { d1: fix.d1, archive: env.SERIES_ARCHIVE },
      {
        connectionId: fix.connectionId,
        vehicleId: fix.vehicleId,
        series,
        codecOf: (name) => (name === LOCATION_SERIES ? locationCodec : statCodec) as never,
        start,
        end,
        ...(after ? { after } : {}),
        count: pageSize + 1,
        raw: true,
      },
    );
    const page = points.slice(0, pageSize);
    all.push(...page.map((point) => ({ series: point.series, t: point.sample.t, raw: point.raw?.data })));
    if (points.length <= pageSize) return all;
    after = { t: page.at(-1)!.sample.t, series: page.at(-1)!.series };
  }
}

const hotRows = async (fix: Awaited<ReturnType<typeof fixture>>) =>
  (
    await queryBatch<[{ n: number }]>(fix.d1, [
      sql`SELECT count(*) AS n FROM vehicle_series WHERE connection_id = ${fix.connectionId}`,
    ])
  )[0][0]!.n;

describe("series archive", () => {
  it("moves complete days before the hot window into objects, and reads still see every point", async () => {
    const fix = await fixture();
    const days = [DAY, DAY + 1, DAY + 2];
    const written = [];
    for (const day of days) written.push(await write(fix, day));
    const before = await readAll(fix, [LOCATION_SERIES, "odometer"], DAY * DAY_MS, (DAY + 3) * DAY_MS, 333);
    const rowsBefore = await hotRows(fix);
    // The hot window starts on the third day: the first two move.
    const result = await archiveDueDays(env, fix.d1, fix.connectionId, DAY + 2, 10);
    expect(result).toMatchObject({ days: 2, more: false });
    expect(result.points).toBe(2 * (written[0]!.locations.length + written[0]!.odometer.length));
    expect(await hotRows(fix)).toBe(rowsBefore * (1 / 3));
    const after = await readAll(fix, [LOCATION_SERIES, "odometer"], DAY * DAY_MS, (DAY + 3) * DAY_MS, 333);
    expect(after).toEqual(before);
    // Nothing more is due: a second run archives nothing.
    expect(await archiveDueDays(env, fix.d1, fix.connectionId, DAY + 2, 10)).toMatchObject({ days: 0, more: false });
  });

  it("writes a self-describing gzipped NDJSON object per vehicle-day, in the contract's units", async () => {
    const fix = await fixture();
    const { locations, odometer } = await write(fix, DAY);
    await archiveDueDays(env, fix.d1, fix.connectionId, DAY + 1, 10);
    const object = await env.SERIES_ARCHIVE.get(
      archiveKey({ connectionId: fix.connectionId, vehicleId: fix.vehicleId, day: DAY }),
    );
    expect(object).not.toBeNull();
    const text = await new Response(object!.body.pipeThrough(new DecompressionStream("gzip"))).text();
    const [header, ...lines] = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(header).toMatchObject({
      format: ARCHIVE_FORMAT,
      version: 1,
      connectionId: fix.connectionId,
      vehicleId: fix.vehicleId,
      date: "2026-01-05",
      points: locations.length + odometer.length,
      units: { speed: "km/h", odometer: "km" },
    });
    expect(lines[0]).toEqual({
      series: "location",
      t: new Date(locations[0]!.t).toISOString(),
      modifiedAt: new Date(1000).toISOString(),
      latitude: locations[0]!.lat,
      longitude: -105,
      heading: 180,
      speed: 70,
      raw: { schema: "test", extractedAt: new Date(1000).toISOString(), data: { t: locations[0]!.t } },
    });
    expect(lines[1]).toMatchObject({ series: "odometer", value: odometer[0]!.value });
  });

  it("merges a late write to an archived day into its object, and reads both tiers meanwhile", async () => {
    const fix = await fixture();
    await write(fix, DAY);
    await archiveDueDays(env, fix.d1, fix.connectionId, DAY + 1, 10);
    // The provider corrects one point and adds an evening one on the archived day.
    const corrected = drive(DAY).locations[10]!;
    const late = { t: DAY * DAY_MS + 20 * HOUR_MS, lat: 40, lng: -104, modifiedAt: 5000 };
    await runBatch(
      fix.d1,
      await mergeSeries(fix.d1, fix.connectionId, () => locationCodec, [
        {
          vehicleId: fix.vehicleId,
          series: LOCATION_SERIES,
          points: [
            {
              sample: { ...corrected, lat: 41, modifiedAt: 5000 },
              raw: { t: corrected.t, schema: "test", extractedAt: 5000, data: "fix" },
            },
            { sample: late, raw: { t: late.t, schema: "test", extractedAt: 5000, data: "late" } },
          ],
        },
      ]),
    );
    const expectBoth = async () => {
      const read = await readAll(fix, [LOCATION_SERIES], DAY * DAY_MS, (DAY + 1) * DAY_MS, 100);
      expect(read).toHaveLength(drive(DAY).locations.length + 1);
      expect(read.find((point) => point.t === corrected.t)?.raw).toBe("fix");
      expect(read.at(-1)).toMatchObject({ t: late.t, raw: "late" });
    };
    await expectBoth();
    expect(await archiveDueDays(env, fix.d1, fix.connectionId, DAY + 1, 10)).toMatchObject({ days: 1 });
    expect(await hotRows(fix)).toBe(0);
    await expectBoth();
  });

  it("keeps an archived day's payloads when its rows come back without theirs (a move's copy met the tiering)", async () => {
    const fix = await fixture();
    const { locations } = await write(fix, DAY);
    await archiveDueDays(env, fix.d1, fix.connectionId, DAY + 1, 10);
    // A move copied the day's rows, the tiering archived the day on the source and removed its rows
    // and payloads there, then the copy reached the payloads (gone) and the index (there): the
    // target holds the rows and the index row, no payload.
    await write(fix, DAY, 2000);
    await runBatch(fix.d1, [sql`DELETE FROM vehicle_series_raw WHERE connection_id = ${fix.connectionId}`]);
    expect(await archiveDueDays(env, fix.d1, fix.connectionId, DAY + 1, 10)).toMatchObject({ days: 1 });
    expect(await hotRows(fix)).toBe(0);
    const read = await readAll(fix, [LOCATION_SERIES], DAY * DAY_MS, (DAY + 1) * DAY_MS, 200);
    expect(read).toHaveLength(locations.length);
    expect(read.map((point) => point.raw)).toEqual(locations.map((sample) => ({ t: sample.t })));
  });
});
