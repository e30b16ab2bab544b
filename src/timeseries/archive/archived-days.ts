import { sql } from "drizzle-orm";
import { queryBatch } from "../../db/raw";
import { TtlCache } from "../../lib/ttl-cache";
import { type ArchivedPoint, archiveKey, decodeArchive } from "./object";

/** An archived vehicle-day as the index records it: `archivedAt` versions its object. */
export type ArchivedDay = { day: number; archivedAt: number };

/** The archived days of a vehicle in [fromDay, toDay], from the index (one seek of its primary key). */
export async function archivedDays(
  d1: D1Database,
  connectionId: string,
  vehicleId: string,
  fromDay: number,
  toDay: number,
): Promise<ArchivedDay[]> {
  const [rows] = await queryBatch<[{ day: number; archived_at: number }]>(d1, [
    sql`SELECT day, archived_at FROM series_archive WHERE connection_id = ${connectionId}
      AND vehicle_id = ${vehicleId} AND day >= ${fromDay} AND day <= ${toDay} ORDER BY day`,
  ]);
  return rows.map((row) => ({ day: row.day, archivedAt: row.archived_at }));
}

/**
 * The points of an archived vehicle-day: one object read and decoded, then remembered in the
 * isolate by object and version, so the following pages of the same day do not read it again.
 * Bounded: about 64 vehicle-days (a few MB).
 */
export async function archivedPoints(
  archive: R2Bucket,
  connectionId: string,
  vehicleId: string,
  day: ArchivedDay,
): Promise<ArchivedPoint[]> {
  const key = archiveKey({ connectionId, vehicleId, day: day.day });
  const cacheKey = `${key}|${day.archivedAt}`;
  const known = decoded.get(cacheKey);
  if (known) return known;
  const object = await archive.get(key);
  // Indexed but absent: retention or deletion is removing it right now; nothing to read.
  if (!object) return [];
  const { points } = await decodeArchive(new Uint8Array(await object.arrayBuffer()));
  decoded.set(cacheKey, points);
  return points;
}

const decoded = new TtlCache<ArchivedPoint[]>({ ttlMs: 10 * 60_000, maxEntries: 64 });
