import { type SQL, sql } from "drizzle-orm";
import { queryBatch } from "../db/raw";
import { hourOf } from "./hours";
import { mergeByTime } from "./merge";
import { decodeRawPoints, encodeRawPoints, type RawPoint } from "./raw-blob";

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

type StoredRow = { vehicle_id: string; series: string; hour: number; points: number[]; raw: number[] | null };

/** At most this many rows per insert statement (D1: 100 bound parameters, 8 per row). */
const ROWS_PER_STATEMENT = 12;

/**
 * The statements merging a page's points into their hour rows, for the page's one batch.
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
    for (const point of write.points) {
      const hour = hourOf(point.sample.t);
      const key = rowKey(write.vehicleId, write.series, hour);
      let row = byRow.get(key);
      if (!row) {
        row = { vehicleId: write.vehicleId, series: write.series, hour, points: [] };
        byRow.set(key, row);
      }
      row.points.push(point);
    }
  }
  if (byRow.size === 0) return [];
  const keys = [...byRow.values()].map((row) => [row.vehicleId, row.series, row.hour]);
  const vehicleIds = [...new Set(writes.map((write) => write.vehicleId))];
  const [storedRows, visibleRows] = await queryBatch<[StoredRow, { id: string }]>(d1, [
    sql`SELECT vehicle_id, series, hour, points, raw FROM vehicle_series
      WHERE connection_id = ${connectionId}
        AND (vehicle_id, series, hour) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(${JSON.stringify(keys)}))`,
    sql`SELECT id FROM vehicles WHERE connection_id = ${connectionId} AND visibility = 'visible'
      AND id IN (SELECT value FROM json_each(${JSON.stringify(vehicleIds)}))`,
  ]);
  const visible = new Set(visibleRows.map((row) => row.id));
  const stored = new Map(storedRows.map((row) => [rowKey(row.vehicle_id, row.series, row.hour), row]));
  const changedRows: unknown[][] = [];
  for (const [key, row] of byRow) {
    if (!visible.has(row.vehicleId)) continue;
    const codec = codecOf(row.series);
    const before = stored.get(key);
    const storedSamples = before ? codec.decode(Uint8Array.from(before.points)) : [];
    const incoming = [...row.points].sort((a, b) => a.sample.t - b.sample.t);
    const merged = mergeByTime(
      storedSamples,
      incoming.map((point) => point.sample),
      codec.same,
    );
    if (!merged.changed) continue;
    const raws = new Map<number, RawPoint>();
    if (before?.raw) for (const raw of await decodeRawPoints(Uint8Array.from(before.raw))) raws.set(raw.t, raw);
    for (const point of incoming) raws.set(point.sample.t, point.raw);
    const rawPoints = merged.samples.flatMap((sample) => {
      const raw = raws.get(sample.t);
      return raw ? [raw] : [];
    });
    changedRows.push([
      connectionId,
      row.vehicleId,
      row.series,
      row.hour,
      merged.samples.length,
      Math.max(...merged.samples.map((sample) => sample.modifiedAt)),
      codec.encode(merged.samples),
      rawPoints.length ? await encodeRawPoints(rawPoints) : null,
    ]);
  }
  return upsertRows(changedRows);
}

const rowKey = (vehicleId: string, series: string, hour: number) => `${vehicleId}\u0000${series}\u0000${hour}`;

function upsertRows(rows: readonly unknown[][]): SQL[] {
  const statements: SQL[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const values = chunk.map(
      (row) =>
        sql`(${sql.join(
          row.map((value) => sql`${value}`),
          sql`, `,
        )})`,
    );
    statements.push(sql`INSERT INTO vehicle_series
      (connection_id, vehicle_id, series, hour, point_count, modified_at, points, raw)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (connection_id, vehicle_id, series, hour) DO UPDATE SET
        point_count = excluded.point_count, modified_at = excluded.modified_at,
        points = excluded.points, raw = excluded.raw`);
  }
  return statements;
}
