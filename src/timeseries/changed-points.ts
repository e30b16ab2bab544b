import { sql } from "drizzle-orm";
import { queryBatch } from "../db/raw";
import type { CursorKey } from "../lib/cursor";
import { fromHex } from "../lib/encoding";
import { type ArchivedAfter, changedArchivedPoints } from "./changed-archived-points";
import { rawGroupOf, rawKey, rawPointsOf } from "./raw-blob";
import type { ReadPoint } from "./read";
import { codecOfSeries } from "./series-names";
import type { Sample } from "./store";

/** A point a delivery carries: its vehicle, and the point as reads return it. */
export type ChangedPoint = { vehicleId: string; point: ReadPoint<Sample> };

export type ChangedPointsQuery = {
  d1: D1Database;
  archive: R2Bucket;
  connectionId: string;
  /** The series to deliver, in the order points of one instant are listed. */
  series: readonly string[];
  /** The modification window [from, to), epoch ms. */
  from: number;
  to: number;
  raw: boolean;
};

/** Where a read of hot changed points resumes: after this point of this row (its place in the modification index). */
type HotAfter = { modifiedAt: number; vehicleId: string; series: string; hour: number; t: number };

/** Where a delivery's read resumes: in the archive, or in the hot rows (null: at their start). */
export type ChangedAfter = { archived: ArchivedAfter } | { hot: HotAfter | null };

/** Rows per query of the hot phase: each may hold an hour of points at the provider's rate. */
const ROWS_PER_QUERY = 16;
/** Queries one read makes at most, so a run of rows with nothing in the window still ends a unit soon. */
const QUERIES_PER_READ = 32;

type HotRow = { modified_at: number; vehicle_id: string; series: string; hour: number; points: string };

/**
 * Up to `count` points of a connection's series modified in the window: first those of archived
 * days (changed-archived-points.ts), then those of the hot rows, which are read in the order of
 * vehicle_series_modified_idx from the window's start, so each read costs the rows it returns,
 * whatever the connection's history. A row is read whatever its own modification time after the
 * window's start, and only its points modified in the window are taken: a row a sync touched
 * after the delivery's end still holds the window's points. A sync writing a row during the
 * delivery moves the row further down the index, where it is read again: its points of the window
 * may then be carried twice (the same point, the same id and modification time), never missed.
 * `next` is absent when everything was read.
 */
export async function changedPoints(
  query: ChangedPointsQuery,
  after: ChangedAfter | undefined,
  count: number,
): Promise<{ points: ChangedPoint[]; next?: ChangedAfter }> {
  const points: ChangedPoint[] = [];
  if (after === undefined || "archived" in after) {
    const archived = await changedArchivedPoints(query, after?.archived, count);
    if (archived.next) return { points: archived.points, next: { archived: archived.next } };
    points.push(...archived.points);
    if (points.length === count) return { points, next: { hot: null } };
  }
  let resume = after !== undefined && "hot" in after ? after.hot : null;
  for (let queries = 0; queries < QUERIES_PER_READ; queries++) {
    const rows = await hotRows(query, resume);
    const raws = query.raw && rows.length > 0 ? await hotRaws(query, rows) : undefined;
    for (const row of rows) {
      const atCursor =
        resume !== null &&
        resume.modifiedAt === row.modified_at &&
        resume.vehicleId === row.vehicle_id &&
        resume.series === row.series &&
        resume.hour === row.hour;
      const samples = codecOfSeries(row.series).decode(fromHex(row.points));
      for (const sample of samples) {
        if (sample.modifiedAt < query.from || sample.modifiedAt >= query.to) continue;
        if (atCursor && sample.t <= (resume as HotAfter).t) continue;
        const raw = raws?.get(`${row.vehicle_id}|${row.hour}`)?.get(rawKey(row.series, sample.t));
        points.push({ vehicleId: row.vehicle_id, point: { series: row.series, sample, ...(raw ? { raw } : {}) } });
        if (points.length === count) return { points, next: { hot: placeOf(row, sample.t) } };
      }
      resume = placeOf(row, Number.MAX_SAFE_INTEGER);
    }
    if (rows.length < ROWS_PER_QUERY) return { points };
  }
  return { points, next: { hot: resume } };
}

const placeOf = (row: HotRow, t: number): HotAfter => ({
  modifiedAt: row.modified_at,
  vehicleId: row.vehicle_id,
  series: row.series,
  hour: row.hour,
  t,
});

/** The next rows of the index from the cursor's row (itself included: it may be read only in part). */
async function hotRows(query: ChangedPointsQuery, resume: HotAfter | null): Promise<HotRow[]> {
  const [rows] = await queryBatch<[HotRow]>(query.d1, [
    sql`SELECT modified_at, vehicle_id, series, hour, hex(points) AS points
      FROM vehicle_series INDEXED BY vehicle_series_modified_idx
      WHERE connection_id = ${query.connectionId} AND modified_at >= ${query.from}
        AND series IN (SELECT value FROM json_each(${JSON.stringify(query.series)}))
        ${
          resume === null
            ? sql``
            : sql`AND (modified_at, vehicle_id, series, hour) >= (${resume.modifiedAt}, ${resume.vehicleId}, ${resume.series}, ${resume.hour})`
        }
      ORDER BY modified_at, vehicle_id, series, hour LIMIT ${ROWS_PER_QUERY}`,
  ]);
  return rows;
}

/** The payloads of the rows' points, per `vehicle|hour`, by series and time (their groups' rows and older rows of one series). */
async function hotRaws(query: ChangedPointsQuery, rows: readonly HotRow[]) {
  const keys = rows.flatMap((row) => [
    [row.vehicle_id, rawGroupOf(row.series), row.hour],
    [row.vehicle_id, row.series, row.hour],
  ]);
  const [raws] = await queryBatch<[{ vehicle_id: string; series: string; hour: number; raw: string }]>(query.d1, [
    sql`SELECT vehicle_id, series, hour, hex(raw) AS raw FROM vehicle_series_raw WHERE connection_id = ${query.connectionId}
      AND (vehicle_id, series, hour) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${JSON.stringify(keys)}))`,
  ]);
  const byPlace = new Map<string, { series: string; raw: string }[]>();
  for (const raw of raws) {
    const place = `${raw.vehicle_id}|${raw.hour}`;
    byPlace.set(place, [...(byPlace.get(place) ?? []), raw]);
  }
  return new Map(
    await Promise.all([...byPlace].map(async ([place, group]) => [place, await rawPointsOf(group)] as const)),
  );
}

/** A cursor's key for a place (what a sealed cursor carries), and back. */
export function changedAfterKey(after: ChangedAfter): CursorKey {
  if ("archived" in after) {
    const { vehicleId, day, t, series } = after.archived;
    return ["archived", vehicleId, day, t, series];
  }
  if (after.hot === null) return ["hot"];
  const { modifiedAt, vehicleId, series, hour, t } = after.hot;
  return ["hot", modifiedAt, vehicleId, series, hour, t];
}

export function changedAfterOf(key: CursorKey): ChangedAfter {
  const [phase, ...rest] = key;
  if (phase === "archived") {
    const [vehicleId, day, t, series] = rest;
    return { archived: { vehicleId: String(vehicleId), day: Number(day), t: Number(t), series: String(series) } };
  }
  if (rest.length === 0) return { hot: null };
  const [modifiedAt, vehicleId, series, hour, t] = rest;
  return {
    hot: {
      modifiedAt: Number(modifiedAt),
      vehicleId: String(vehicleId),
      series: String(series),
      hour: Number(hour),
      t: Number(t),
    },
  };
}
