import { type SQL, sql } from "drizzle-orm";
import { queryBatch, runBatch } from "../../db/raw";
import { fromHex } from "../../lib/encoding";
import { type RawPoint, rawGroupSql, rawKey, rawPointsOf } from "../raw-blob";
import { ALL_SERIES, codecOfSeries } from "../series-names";
import { type ArchivedPoint, archiveKey, decodeArchive, encodeArchive } from "./object";

const HOURS_PER_DAY = 24;

/** A series row, its blob read as hex (`hex(points)`, see read.ts). */
type SeriesRow = { series: string; hour: number; modified_at: number; points: string };

/** A payload as the archive keeps it: its point's series is the line's own. */
const withoutSeries = ({ series: _series, ...raw }: RawPoint): RawPoint => raw;

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
  const inDay = sql`hour >= ${day * HOURS_PER_DAY} AND hour < ${(day + 1) * HOURS_PER_DAY}`;
  const [rows, rawRows, indexed] = await queryBatch<[SeriesRow, { series: string; raw: string }, { day: number }]>(d1, [
    sql`SELECT series, hour, modified_at, hex(points) AS points FROM vehicle_series
        WHERE connection_id = ${connectionId} AND vehicle_id = ${vehicleId} AND ${inSeries()} AND ${inDay}`,
    sql`SELECT series, hex(raw) AS raw FROM vehicle_series_raw WHERE connection_id = ${connectionId} AND vehicle_id = ${vehicleId}
        AND ${inDay}`,
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
  const raws = await rawPointsOf(rawRows);
  for (const row of rows) {
    const samples = codecOfSeries(row.series).decode(fromHex(row.points));
    for (const sample of samples) {
      // A row's point replaces the archived one; its payload too, unless the row has none for it
      // (payload rows removed while a move copied the connection: the archived payload is kept).
      const found = raws.get(rawKey(row.series, sample.t));
      const raw = found ? withoutSeries(found) : points.get(pointKey(row.series, sample.t))?.raw;
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
    sql`DELETE FROM vehicle_series WHERE connection_id = ${connectionId} AND vehicle_id = ${vehicleId}
      AND (series, hour, modified_at) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${read}))`,
    // Then the day's payload rows that no row left needs (a row that changed meanwhile keeps its
    // hour's group row, or its own row written before groups).
    sql`DELETE FROM vehicle_series_raw AS r WHERE connection_id = ${connectionId} AND vehicle_id = ${vehicleId}
      AND ${inDay} AND NOT EXISTS (SELECT 1 FROM vehicle_series AS s WHERE s.connection_id = r.connection_id
        AND s.vehicle_id = r.vehicle_id AND s.hour = r.hour
        AND (s.series = r.series OR ${sql.raw(rawGroupSql("s.series"))} = r.series))`,
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
