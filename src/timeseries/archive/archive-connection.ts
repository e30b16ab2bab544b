import { sql } from "drizzle-orm";
import { queryBatch } from "../../db/raw";
import { archiveVehicleDay } from "./archive-day";

const HOURS_PER_DAY = 24;
const DAY_MS = 86_400_000;

/**
 * The first day (days since the epoch) a hot window of `hotDays` days keeps: days before it are
 * complete and older than the window, so they move to the archive.
 */
export function firstHotDayOf(now: number, hotDays: number): number {
  return Math.floor((now - hotDays * DAY_MS) / DAY_MS);
}

/**
 * Archives a connection's vehicle-days older than `firstHotDay`, oldest first, at most
 * `maxDays` of them (one unit of work; the caller queues the next while `more`). Each day is
 * found through the series' hour index: one seek, however long the history.
 */
export async function archiveDueDays(
  env: { SERIES_ARCHIVE: R2Bucket },
  d1: D1Database,
  connectionId: string,
  firstHotDay: number,
  maxDays: number,
  now: number = Date.now(),
): Promise<{ days: number; points: number; more: boolean }> {
  let days = 0;
  let points = 0;
  while (days < maxDays) {
    const [[oldest]] = await queryBatch<[{ vehicle_id: string; hour: number }]>(d1, [
      sql`SELECT vehicle_id, hour FROM vehicle_series WHERE connection_id = ${connectionId}
        AND hour < ${firstHotDay * HOURS_PER_DAY} ORDER BY hour LIMIT 1`,
    ]);
    if (!oldest) return { days, points, more: false };
    const day = Math.floor(oldest.hour / HOURS_PER_DAY);
    const archived = await archiveVehicleDay(env, d1, { connectionId, vehicleId: oldest.vehicle_id, day }, now);
    // A day whose rows all changed while it was archived is left for the next unit, not looped on.
    if (archived === 0) return { days, points, more: true };
    days++;
    points += archived;
  }
  return { days, points, more: true };
}
