import { type SQL, sql } from "drizzle-orm";
import { prerenderedSql, queryBatch } from "../db/raw";
import { fromHex, toHex } from "../lib/encoding";
import { hourOf } from "./hours";
import { mergeByTime } from "./merge";
import { decodeRawPoints, encodeRawPoints, type RawPoint, rawGroupOf } from "./raw-blob";

/** A sample of any series: its time (epoch ms) and when it was last written. */
export type Sample = { t: number; modifiedAt: number };

/** How one kind of series packs its samples into a row's blob (location-codec.ts, stat-codec.ts). */
export type SeriesCodec<S extends Sample> = {
  encode(samples: readonly S[]): Uint8Array;
  decode(bytes: Uint8Array): S[];
  /** Whether two samples hold the same reading (modifiedAt aside): a re-read of a point changes nothing. */
  same(a: S, b: S): boolean;
};

/** Incoming points of one series of one vehicle, each with the provider payload it came from. */
export type SeriesWrite<S extends Sample> = {
  vehicleId: string;
  series: string;
  points: { sample: S; raw: RawPoint }[];
};

/** Stored rows, their blobs read as hex (`hex(…)`): D1 answers a blob as a JSON array of numbers, several times longer. */
type StoredRow = { vehicle_id: string; series: string; hour: number; points: string };
type StoredRaw = { vehicle_id: string; series: string; hour: number; raw: string };

/** At most this many rows per insert statement (D1: 100 bound parameters, 7 per row and 5 per payload row). */
const ROWS_PER_STATEMENT = 14;
const RAWS_PER_STATEMENT = 20;

/**
 * The statements merging a page's points into their hour rows, for the page's one batch.
 * Their payloads go to their hour's payload row (raw-blob.ts: a stat type's share one).
 * Points of vehicles that are not visible in the connection (hidden by its filters, deleted,
 * or not synced) are not stored, as for every other family. Each row touched is read, its
 * points merged by time (an incoming point replaces a stored one at the same instant: a
 * provider's correction), and written back only if something changed, so a redelivered page
 * writes nothing and keeps every `modifiedAt`. The read and the write are not one transaction:
 * this relies on a connection's pages being written one at a time (its sync object hands them
 * out one by one).
 */
export async function mergeSeries<S extends Sample>(
  d1: D1Database,
  connectionId: string,
  codecOf: (series: string) => SeriesCodec<S>,
  writes: readonly SeriesWrite<S>[],
): Promise<SQL[]> {
  const byRow = new Map<
    string,
    { vehicleId: string; series: string; hour: number; points: SeriesWrite<S>["points"] }
  >();
  for (const write of writes) {
    // A write's points come mostly in time order: its row is looked up again only when the hour changes.
    let row: { vehicleId: string; series: string; hour: number; points: SeriesWrite<S>["points"] } | undefined;
    for (const point of write.points) {
      const hour = hourOf(point.sample.t);
      if (row?.hour !== hour) {
        const key = rowKey(write.vehicleId, write.series, hour);
        row = byRow.get(key);
        if (!row) {
          row = { vehicleId: write.vehicleId, series: write.series, hour, points: [] };
          byRow.set(key, row);
        }
      }
      row.points.push(point);
    }
  }
  if (byRow.size === 0) return [];
  const keys = [...byRow.values()].map((row) => [row.vehicleId, row.series, row.hour]);
  // The payload rows of those hours: a stat type's payloads share their hour's group row (raw-blob.ts).
  const rawKeys = [
    ...new Map(
      [...byRow.values()].map((row) => {
        const key = [row.vehicleId, rawGroupOf(row.series), row.hour] as const;
        return [rowKey(...key), key];
      }),
    ).values(),
  ];
  const vehicleIds = [...new Set(writes.map((write) => write.vehicleId))];
  const inKeys = (list: readonly (readonly unknown[])[]) =>
    sql`(vehicle_id, series, hour) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${JSON.stringify(list)}))`;
  const [storedRows, visibleRows, storedRaws] = await queryBatch<[StoredRow, { id: string }, StoredRaw]>(d1, [
    sql`SELECT vehicle_id, series, hour, hex(points) AS points FROM vehicle_series WHERE connection_id = ${connectionId} AND ${inKeys(keys)}`,
    sql`SELECT id FROM vehicles WHERE connection_id = ${connectionId} AND visibility = 'visible'
      AND id IN (SELECT value FROM json_each(${JSON.stringify(vehicleIds)}))`,
    sql`SELECT vehicle_id, series, hour, hex(raw) AS raw FROM vehicle_series_raw WHERE connection_id = ${connectionId} AND ${inKeys(rawKeys)}`,
  ]);
  const visible = new Set(visibleRows.map((row) => row.id));
  const stored = new Map(storedRows.map((row) => [rowKey(row.vehicle_id, row.series, row.hour), row]));
  const storedRaw = new Map(storedRaws.map((row) => [rowKey(row.vehicle_id, row.series, row.hour), row.raw]));
  const changedRows: unknown[][] = [];
  // Per payload row: the incoming payloads of the rows that changed.
  const rawUpdates = new Map<string, { vehicleId: string; group: string; hour: number; points: RawPoint[] }>();
  for (const [key, row] of byRow) {
    if (!visible.has(row.vehicleId)) continue;
    const codec = codecOf(row.series);
    const before = stored.get(key);
    const storedSamples = before ? codec.decode(fromHex(before.points)) : [];
    const incoming = [...row.points].sort((a, b) => a.sample.t - b.sample.t);
    const merged = mergeByTime(
      storedSamples,
      incoming.map((point) => point.sample),
      codec.same,
    );
    if (!merged.changed) continue;
    changedRows.push([
      connectionId,
      row.vehicleId,
      row.series,
      row.hour,
      merged.samples.length,
      latestModification(merged.samples),
      codec.encode(merged.samples),
    ]);
    const group = rawGroupOf(row.series);
    const rawRow = rowKey(row.vehicleId, group, row.hour);
    let update = rawUpdates.get(rawRow);
    if (!update) {
      update = { vehicleId: row.vehicleId, group, hour: row.hour, points: [] };
      rawUpdates.set(rawRow, update);
    }
    // In a group row each payload names its series (writers of stats set it already).
    for (const { raw } of incoming)
      update.points.push(group === row.series || raw.series === row.series ? raw : { ...raw, series: row.series });
  }
  const changedRaws: unknown[][] = [];
  for (const [key, update] of rawUpdates) {
    const before = storedRaw.get(key);
    const points = before ? [...(await decodeRawPoints(fromHex(before))), ...update.points] : update.points;
    changedRaws.push([
      connectionId,
      update.vehicleId,
      update.group,
      update.hour,
      await encodeRawPoints(latestOfEach(points)),
    ]);
  }
  return [...upsertRows(changedRows), ...upsertRaws(changedRaws)];
}

/**
 * The payloads in time order (then series), one per point: of a point given more than once
 * (stored, then incoming), the last given. Sorts `points` in place; the sort is stable.
 */
function latestOfEach(points: RawPoint[]): RawPoint[] {
  points.sort((a, b) => a.t - b.t || compareSeries(a.series, b.series));
  const kept: RawPoint[] = [];
  for (let index = 0; index < points.length; index++) {
    const point = points[index]!;
    const next = points[index + 1];
    if (next !== undefined && next.t === point.t && next.series === point.series) continue;
    kept.push(point);
  }
  return kept;
}

function compareSeries(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  return (a ?? "") < (b ?? "") ? -1 : 1;
}

function latestModification(samples: readonly Sample[]): number {
  let latest = Number.NEGATIVE_INFINITY;
  for (const sample of samples) if (sample.modifiedAt > latest) latest = sample.modifiedAt;
  return latest;
}

const rowKey = (vehicleId: string, series: string, hour: number) => `${vehicleId}\u0000${series}\u0000${hour}`;

function upsertRows(rows: readonly unknown[][]): SQL[] {
  return valuesUpserts(
    "INSERT INTO vehicle_series (connection_id, vehicle_id, series, hour, point_count, modified_at, points)",
    rows,
    ROWS_PER_STATEMENT,
    "point_count = excluded.point_count, modified_at = excluded.modified_at, points = excluded.points",
  );
}

function upsertRaws(rows: readonly unknown[][]): SQL[] {
  return valuesUpserts(
    "INSERT INTO vehicle_series_raw (connection_id, vehicle_id, series, hour, raw)",
    rows,
    RAWS_PER_STATEMENT,
    "raw = excluded.raw",
  );
}

/**
 * Multi-row upserts keyed on (connection, vehicle, series, hour), the values bound as parameters,
 * `perStatement` rows a statement. A row's last value is its blob, bound as hex text and turned
 * back into bytes by SQLite (`unhex`): D1 passes a bound byte array as a JSON array of numbers,
 * which costs several times the blob's size to build and parse, and a JSON upsert would store the
 * blob as text. The text is built here (prerenderedSql), not by drizzle.
 */
function valuesUpserts(insert: string, rows: readonly unknown[][], perStatement: number, update: string): SQL[] {
  const statements: SQL[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const tuple = (row: readonly unknown[]) =>
      `(${row.map((_, index) => (index === row.length - 1 ? "unhex(?)" : "?")).join(", ")})`;
    const params = chunk.flatMap((row) => row.map((value) => (value instanceof Uint8Array ? toHex(value) : value)));
    statements.push(
      prerenderedSql(
        `${insert} VALUES ${chunk.map(tuple).join(", ")} ON CONFLICT (connection_id, vehicle_id, series, hour) DO UPDATE SET ${update}`,
        params,
      ),
    );
  }
  return statements;
}
