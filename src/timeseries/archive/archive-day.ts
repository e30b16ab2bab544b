import { type SQL, sql } from "drizzle-orm";
import { queryBatch, runBatch } from "../../db/raw";
import { decodeRawPoints } from "../raw-blob";
import { ALL_SERIES, codecOfSeries } from "../series-names";
import { type ArchivedPoint, archiveKey, decodeArchive, encodeArchive } from "./object";

const HOURS_PER_DAY = 24;

type SeriesRow = { series: string; hour: number; modified_at: number; points: number[]; raw: number[] | null };

/**
 * Moves one vehicle-day of a connection's series from its shard to the archive: the day's rows
 * (every series) are read, merged with the day's object if one was archived before (a late
 * write of an old day), written as one object, then the object's index row is recorded and the
 * rows deleted in one batch. Crash-safe in that order: an object written but not indexed is
 * written again whole by the next run. Rows that changed since they were read (a sync writing
 * the same day meanwhile) are kept, to be archived by a later run.
 */
export async function archiveVehicleDay(
  env: { SERIES_ARCHIVE: R2Bucket },
  d1: D1Database,
  unit: { connectionId: string; vehicleId: string; day: number },
  now: number,
): Promise<number> {
  const { connectionId, vehicleId, day } = unit;
  const [rows, indexed] = await queryBatch<[SeriesRow, { day: number }]>(d1, [
    sql`SELECT series, hour, modified_at, points,
        (SELECT raw FROM vehicle_series_raw AS r WHERE r.connection_id = s.connection_id AND r.vehicle_id = s.vehicle_id
          AND r.series = s.series AND r.hour = s.hour) AS raw
      FROM vehicle_series AS s
      WHERE connection_id = ${connectionId} AND vehicle_id = ${vehicleId} AND ${inSeries()}
        AND hour >= ${day * HOURS_PER_DAY} AND hour < ${(day + 1) * HOURS_PER_DAY}`,
    sql`SELECT day FROM series_archive WHERE connection_id = ${connectionId} AND vehicle_id = ${vehicleId} AND day = ${day}`,
  ]);
  if (rows.length === 0) return 0;
  const points = new Map<string, ArchivedPoint>();
  const key = archiveKey(unit);
  if (indexed.length > 0) {
    const stored = await env.SERIES_ARCHIVE.get(key);
    if (stored) {
      const archived = await decodeArchive(new Uint8Array(await stored.arrayBuffer()));
      for (const point of archived.points) points.set(pointKey(point.series, point.sample.t), point);
    }
  }
  for (const row of rows) {
    const samples = codecOfSeries(row.series).decode(Uint8Array.from(row.points));
    const raws = row.raw
      ? new Map((await decodeRawPoints(Uint8Array.from(row.raw))).map((raw) => [raw.t, raw]))
      : undefined;
    for (const sample of samples) {
      const raw = raws?.get(sample.t);
      points.set(pointKey(row.series, sample.t), {
        series: row.series,
        sample,
        ...(raw ? { raw } : {}),
      } as ArchivedPoint);
    }
  }
  const order = new Map(ALL_SERIES.map((series, index) => [series, index]));
  const sorted = [...points.values()].sort(
    (a, b) => a.sample.t - b.sample.t || (order.get(a.series) ?? 0) - (order.get(b.series) ?? 0),
  );
  const body = await encodeArchive(unit, sorted);
  await env.SERIES_ARCHIVE.put(key, body, {
    httpMetadata: { contentType: "application/x-ndjson", contentEncoding: "gzip" },
    customMetadata: { points: String(sorted.length) },
  });
  const read = JSON.stringify(rows.map((row) => [row.series, row.hour, row.modified_at]));
  const statements: SQL[] = [
    sql`INSERT INTO series_archive (connection_id, vehicle_id, day, point_count, bytes, archived_at)
      VALUES (${connectionId}, ${vehicleId}, ${day}, ${sorted.length}, ${body.byteLength}, ${now})
      ON CONFLICT (connection_id, vehicle_id, day) DO UPDATE SET point_count = excluded.point_count,
        bytes = excluded.bytes, archived_at = excluded.archived_at`,
    // The payloads of the rows deleted next (the rows that changed meanwhile keep theirs).
    sql`DELETE FROM vehicle_series_raw WHERE connection_id = ${connectionId} AND vehicle_id = ${vehicleId}
      AND (series, hour) IN (SELECT series, hour FROM vehicle_series WHERE connection_id = ${connectionId}
        AND vehicle_id = ${vehicleId} AND (series, hour, modified_at) IN
          (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${read})))`,
    sql`DELETE FROM vehicle_series WHERE connection_id = ${connectionId} AND vehicle_id = ${vehicleId}
      AND (series, hour, modified_at) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${read}))`,
  ];
  await runBatch(d1, statements);
  return sorted.length;
}

const pointKey = (series: string, t: number) => `${series}\u0000${t}`;

/** `series IN (…every series…)`: the primary key is then seeked once per series, never scanned. */
function inSeries(): SQL {
  return sql`series IN (${sql.join(
    ALL_SERIES.map((series) => sql`${series}`),
    sql`, `,
  )})`;
}
