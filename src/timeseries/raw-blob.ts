import { fromHex } from "../lib/encoding";
import type { RawEntry } from "../model/normalized";
import { gunzip, gzip } from "./gzip";
import { LOCATION_SERIES } from "./series-codecs";

/**
 * The provider payloads of series points, kept apart from the points (they are several times
 * larger and rarely read: only with `raw=true`), compressed, one row per vehicle, payload group and
 * hour. Breadcrumbs have their group; every stat type shares one (`STATS_RAW_GROUP`): a stats
 * page carries all types of a vehicle-day at once, and one blob for an hour's readings of every
 * type packs them about twice as tight, in one compression instead of a dozen. A point's payload is
 * found by its series and time.
 */
export type RawPoint = {
  t: number;
  schema: string;
  extractedAt: number;
  data: unknown;
  /** The point's series, in a group row; absent in a row of one series' payloads (breadcrumbs, and rows written before groups). */
  series?: string;
};

export const STATS_RAW_GROUP = "stats";

/** The payload row a series' payloads are kept in (the value of vehicle_series_raw.series). */
export function rawGroupOf(series: string): string {
  return series === LOCATION_SERIES ? LOCATION_SERIES : STATS_RAW_GROUP;
}

/** SQL of the payload group of a vehicle_series.series column (`column`), for statements that join the two tables. */
export function rawGroupSql(column: string): string {
  return `CASE WHEN ${column} = '${LOCATION_SERIES}' THEN '${LOCATION_SERIES}' ELSE '${STATS_RAW_GROUP}' END`;
}

/**
 * The blob: gzipped JSON `{ v: 2, s, x, p: [[t, data, series?, schema?, extractedAt?], …] }`,
 * the schema and extraction time written once (`s`, `x`) and per point only where they differ.
 * Rows written before (a JSON array of `[t, schema, extractedAt, data]`) are read too.
 */
type PackedPoint = [t: number, data: unknown, series?: string | null, schema?: string, extractedAt?: number];
type Packed = { v: 2; s: string; x: number; p: PackedPoint[] };
type LegacyTuple = [t: number, schema: string, extractedAt: number, data: unknown];

export async function encodeRawPoints(points: readonly RawPoint[]): Promise<Uint8Array> {
  const first = points[0];
  const packed: Packed = { v: 2, s: first?.schema ?? "", x: first?.extractedAt ?? 0, p: [] };
  for (const point of points) {
    const own: PackedPoint = [point.t, point.data];
    const differs = point.schema !== packed.s || point.extractedAt !== packed.x;
    if (point.series !== undefined || differs) own.push(point.series ?? null);
    if (differs) own.push(point.schema, point.extractedAt);
    packed.p.push(own);
  }
  return await gzip(new TextEncoder().encode(JSON.stringify(packed)));
}

export async function decodeRawPoints(bytes: Uint8Array): Promise<RawPoint[]> {
  const parsed = JSON.parse(new TextDecoder().decode(await gunzip(bytes))) as Packed | LegacyTuple[];
  if (Array.isArray(parsed)) return parsed.map(([t, schema, extractedAt, data]) => ({ t, schema, extractedAt, data }));
  return parsed.p.map(([t, data, series, schema, extractedAt]) => ({
    t,
    schema: schema ?? parsed.s,
    extractedAt: extractedAt ?? parsed.x,
    data,
    ...(series ? { series } : {}),
  }));
}

/**
 * The payload rows of some hours, decoded, by `series|t`; a group row's entries win over an older
 * row of one series. Rows are read with their blob as hex (`hex(raw) AS raw`): D1 answers a blob
 * as a JSON array of numbers, several times longer to build and parse.
 */
export async function rawPointsOf(rows: readonly { series: string; raw: string }[]): Promise<Map<string, RawPoint>> {
  const found = new Map<string, RawPoint>();
  const groupsLast = [...rows].sort(
    (a, b) => Number(a.series === rawGroupOf(a.series)) - Number(b.series === rawGroupOf(b.series)),
  );
  for (const row of groupsLast) {
    for (const point of await decodeRawPoints(fromHex(row.raw))) {
      found.set(rawKey(point.series ?? row.series, point.t), point);
    }
  }
  return found;
}

export const rawKey = (series: string, t: number) => `${series}|${t}`;

/** A raw point as the API answers it (`raw: [entry]`). */
export function rawEntryOf(provider: string, point: RawPoint): RawEntry {
  return { provider, schema: point.schema, extractedAt: new Date(point.extractedAt).toISOString(), data: point.data };
}
