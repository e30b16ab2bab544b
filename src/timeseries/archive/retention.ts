import { sql } from "drizzle-orm";
import { queryBatch, runBatch } from "../../db/raw";
import { archiveKey } from "./object";

const HOURS_PER_DAY = 24;
/** Rows one statement deletes, and archived days one round removes. */
const ROWS_PER_STATEMENT = 500;
const DAYS_PER_ROUND = 1000;

/**
 * Deletes a connection's breadcrumbs and stat logs before `firstKeptDay`, in both tiers: hot
 * rows through the hour index, archived days through the archive index (objects first, then
 * their index rows, so an object is never left without the row that finds it). Nothing else
 * of the connection is touched. At most `maxRounds` statements or rounds; answers whether
 * anything is left to delete.
 */
export async function enforceRetention(
  env: { SERIES_ARCHIVE: R2Bucket },
  d1: D1Database,
  connectionId: string,
  firstKeptDay: number,
  maxRounds: number,
): Promise<{ rounds: number; more: boolean }> {
  let rounds = 0;
  while (rounds < maxRounds) {
    const [points, raws] = await runBatch(d1, [
      sql`DELETE FROM vehicle_series WHERE rowid IN (SELECT rowid FROM vehicle_series
        WHERE connection_id = ${connectionId} AND hour < ${firstKeptDay * HOURS_PER_DAY} LIMIT ${ROWS_PER_STATEMENT})`,
      sql`DELETE FROM vehicle_series_raw WHERE rowid IN (SELECT rowid FROM vehicle_series_raw
        WHERE connection_id = ${connectionId} AND hour < ${firstKeptDay * HOURS_PER_DAY} LIMIT ${ROWS_PER_STATEMENT})`,
    ]);
    rounds++;
    const deleted = Math.max(points?.meta.changes ?? 0, raws?.meta.changes ?? 0);
    if (deleted < ROWS_PER_STATEMENT) break;
  }
  while (rounds < maxRounds) {
    const [days] = await queryBatch<[{ vehicle_id: string; day: number }]>(d1, [
      sql`SELECT vehicle_id, day FROM series_archive WHERE connection_id = ${connectionId} AND day < ${firstKeptDay}
        ORDER BY day LIMIT ${DAYS_PER_ROUND}`,
    ]);
    rounds++;
    if (days.length === 0) return { rounds, more: false };
    await env.SERIES_ARCHIVE.delete(
      days.map((row) => archiveKey({ connectionId, vehicleId: row.vehicle_id, day: row.day })),
    );
    await runBatch(d1, [
      sql`DELETE FROM series_archive WHERE connection_id = ${connectionId}
        AND (vehicle_id, day) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${JSON.stringify(days.map((row) => [row.vehicle_id, row.day]))}))`,
    ]);
    if (days.length < DAYS_PER_ROUND) return { rounds, more: false };
  }
  return { rounds, more: true };
}
