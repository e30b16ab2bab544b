import { type SQL, sql } from "drizzle-orm";
import { queryBatch } from "../db/raw";
import { fromHex } from "../lib/encoding";
import { type ArchivedDay, archivedDays, archivedPoints } from "./archive/archived-days";
import { hourOf } from "./hours";
import { type RawPoint, rawGroupOf, rawKey, rawPointsOf } from "./raw-blob";
import type { Sample, SeriesCodec } from "./store";

/** A point of a series as a read returns it: the sample, its series, and its payload when asked for. */
export type ReadPoint<S extends Sample> = { series: string; sample: S; raw?: RawPoint };

/** Where a page resumes: after this instant, and at that instant after this series (in `series` order). */
export type SeriesAfter = { t: number; series: string };

/** Where a connection's series are: its shard, and the archive of its older days. */
export type SeriesStorage = { d1: D1Database; archive: R2Bucket };

export type SeriesQuery<S extends Sample> = {
  connectionId: string;
  vehicleId: string;
  /** The series to read, in the order points of one instant are listed. */
  series: readonly string[];
  codecOf: (series: string) => SeriesCodec<S>;
  /** [start, end) in epoch ms. */
  start: number;
  end: number;
  after?: SeriesAfter;
  /** Points wanted: the caller asks for its page size + 1 to learn whether another page follows. */
  count: number;
  raw: boolean;
};

/** Hours one query covers, and rows it returns at most: a page is a few bounded index ranges. */
const SPAN_HOURS = 48;
const ROWS_PER_QUERY = 64;
const HOURS_PER_DAY = 24;

/** A row with its blob as hex (`hex(points)`): D1 answers a blob as a JSON array of numbers, several times longer. */
type Row = { series: string; hour: number; points: string };

/**
 * Up to `count` points of a vehicle's series in [start, end), after `after`, in time order
 * (then series order), from both tiers: the hot rows of the shard and the archived days
 * (archive/), a point in both taken from the shard. Rows are read span by span from where
 * the page resumes, each a range of the primary key (connection, vehicle, series, hour), so a
 * deep page costs what the first does; an empty stretch is skipped with one lookup of the next
 * hour that has points. An archived day costs one object read, remembered for the next pages.
 */
export async function readSeries<S extends Sample>(
  storage: SeriesStorage,
  query: SeriesQuery<S>,
): Promise<ReadPoint<S>[]> {
  if (query.series.length === 0 || query.end <= query.start) return [];
  const order = new Map(query.series.map((series, index) => [series, index]));
  const wanted = new Set(query.series);
  const isAfter = (t: number, series: string) =>
    query.after === undefined ||
    t > query.after.t ||
    (t === query.after.t && (order.get(series) ?? 0) > (order.get(query.after.series) ?? 0));
  const inWindow = (t: number, series: string) => t >= query.start && t < query.end && isAfter(t, series);
  const lastHour = hourOf(query.end - 1);
  let hour = hourOf(Math.max(query.start, query.after?.t ?? query.start));
  const archived = await archivedDays(
    storage.d1,
    query.connectionId,
    query.vehicleId,
    Math.floor(hour / HOURS_PER_DAY),
    Math.floor(lastHour / HOURS_PER_DAY),
  );
  const points: ReadPoint<S>[] = [];
  while (points.length < query.count && hour <= lastHour) {
    const spanEnd = Math.min(lastHour, hour + SPAN_HOURS - 1);
    const rows = await hotRows(storage.d1, query, hour, spanEnd);
    const archivedInSpan = archived.filter((day) => overlaps(day, hour, spanEnd));
    if (rows.length === 0 && archivedInSpan.length === 0) {
      const next = await nextHour(storage.d1, query, spanEnd + 1, lastHour, archived);
      if (next === undefined) break;
      hour = next;
      continue;
    }
    // The last hour this span read whole: with several series, a full answer may have cut the
    // last hour's rows short (read again next); with one, a full answer ends at its last row.
    const lastRowHour = rows.at(-1)?.hour ?? spanEnd;
    const full = rows.length === ROWS_PER_QUERY;
    const cut = full && query.series.length > 1 && rows[0]!.hour !== lastRowHour;
    const upTo = cut ? lastRowHour - 1 : full ? lastRowHour : spanEnd;
    const found = new Map<string, ReadPoint<S>>();
    for (const day of archivedInSpan.filter((candidate) => overlaps(candidate, hour, upTo))) {
      for (const point of await archivedPoints(storage.archive, query.connectionId, query.vehicleId, day)) {
        const t = point.sample.t;
        if (!wanted.has(point.series) || hourOf(t) < hour || hourOf(t) > upTo || !inWindow(t, point.series)) continue;
        const sample = point.sample as unknown as S;
        found.set(`${point.series}|${t}`, {
          series: point.series,
          sample,
          ...(query.raw && point.raw ? { raw: point.raw } : {}),
        });
      }
    }
    const taken = rows.filter((candidate) => candidate.hour <= upTo);
    const raws = query.raw && taken.length > 0 ? await hotRaws(storage.d1, query, hour, upTo) : undefined;
    for (const row of taken) {
      const samples = query.codecOf(row.series).decode(fromHex(row.points));
      for (const sample of samples) {
        if (!inWindow(sample.t, row.series)) continue;
        const raw = raws?.get(rawKey(row.series, sample.t));
        found.set(`${row.series}|${sample.t}`, { series: row.series, sample, ...(raw ? { raw } : {}) });
      }
    }
    points.push(
      ...[...found.values()].sort(
        (a, b) => a.sample.t - b.sample.t || (order.get(a.series) ?? 0) - (order.get(b.series) ?? 0),
      ),
    );
    hour = upTo + 1;
  }
  return points.slice(0, query.count);
}

/** The shard's rows of the query's series in hours [from, to], at most ROWS_PER_QUERY, by hour. */
async function hotRows(d1: D1Database, query: SeriesQuery<Sample>, from: number, to: number): Promise<Row[]> {
  const [rows] = await queryBatch<[Row]>(d1, [
    sql`SELECT series, hour, hex(points) AS points FROM vehicle_series
      WHERE connection_id = ${query.connectionId} AND vehicle_id = ${query.vehicleId}
        AND ${seriesCondition(query.series)} AND hour >= ${from} AND hour <= ${to}
      ORDER BY hour LIMIT ${ROWS_PER_QUERY}`,
  ]);
  return rows;
}

/**
 * The payloads of the query's series in hours [from, to], by series and time: their groups' rows,
 * and a series' own rows written before groups (raw-blob.ts). Only when asked for (`raw=true`).
 */
async function hotRaws(
  d1: D1Database,
  query: SeriesQuery<Sample>,
  from: number,
  to: number,
): Promise<Map<string, RawPoint>> {
  const names = [...new Set([...query.series.map(rawGroupOf), ...query.series])];
  const [rows] = await queryBatch<[{ series: string; raw: string }]>(d1, [
    sql`SELECT series, hex(raw) AS raw FROM vehicle_series_raw
      WHERE connection_id = ${query.connectionId} AND vehicle_id = ${query.vehicleId}
        AND ${seriesCondition(names)} AND hour >= ${from} AND hour <= ${to}`,
  ]);
  return rawPointsOf(rows);
}

/** The first hour in [from, to] with points of any of the series, in either tier, if any. */
async function nextHour(
  d1: D1Database,
  query: Pick<SeriesQuery<Sample>, "connectionId" | "vehicleId" | "series">,
  from: number,
  to: number,
  archived: readonly ArchivedDay[],
): Promise<number | undefined> {
  if (from > to) return undefined;
  const [rows] = await queryBatch<[{ hour: number | null }]>(d1, [
    sql`SELECT min(hour) AS hour FROM vehicle_series
      WHERE connection_id = ${query.connectionId} AND vehicle_id = ${query.vehicleId}
        AND ${seriesCondition(query.series)} AND hour >= ${from} AND hour <= ${to}`,
  ]);
  const hot = rows[0]?.hour ?? undefined;
  const archivedDay = archived.find((day) => (day.day + 1) * HOURS_PER_DAY - 1 >= from);
  const cold = archivedDay === undefined ? undefined : Math.max(from, archivedDay.day * HOURS_PER_DAY);
  const candidates = [hot, cold].filter((value): value is number => value !== undefined && value <= to);
  return candidates.length ? Math.min(...candidates) : undefined;
}

/** Whether an archived day has hours in [from, to]. */
const overlaps = (day: ArchivedDay, from: number, to: number) =>
  day.day * HOURS_PER_DAY <= to && (day.day + 1) * HOURS_PER_DAY - 1 >= from;

function seriesCondition(series: readonly string[]): SQL {
  return series.length === 1
    ? sql`series = ${series[0]}`
    : sql`series IN (${sql.join(
        series.map((name) => sql`${name}`),
        sql`, `,
      )})`;
}
