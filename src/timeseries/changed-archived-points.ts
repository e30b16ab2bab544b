import { sql } from "drizzle-orm";
import { queryBatch } from "../db/raw";
import { archivedPoints } from "./archive/archived-days";
import type { ChangedPoint, ChangedPointsQuery } from "./changed-points";

/** Where a read of archived changed points resumes: after this point of this vehicle-day. */
export type ArchivedAfter = { vehicleId: string; day: number; t: number; series: string };

/** Archived vehicle-days listed per query: each is one object read. */
const DAYS_PER_QUERY = 8;

/**
 * Changed points of the archived vehicle-days (archive/): the days archived since the window's
 * start (a backfill's window starts at the epoch, so it takes them all; later windows take the
 * few days a late write sent to the archive), vehicle by vehicle and day by day (the index's
 * primary key order), each day's points of the query's series modified in the window in time
 * order, up to `count` of them after `after`. `next` is where the following read resumes;
 * absent when every archived day was read.
 */
export async function changedArchivedPoints(
  query: ChangedPointsQuery,
  after: ArchivedAfter | undefined,
  count: number,
): Promise<{ points: ChangedPoint[]; next?: ArchivedAfter }> {
  const order = new Map(query.series.map((series, index) => [series, index]));
  const points: ChangedPoint[] = [];
  let resume = after;
  for (;;) {
    const [days] = await queryBatch<[{ vehicle_id: string; day: number; archived_at: number }]>(query.d1, [
      sql`SELECT vehicle_id, day, archived_at FROM series_archive
        WHERE connection_id = ${query.connectionId} AND archived_at >= ${query.from}
          ${resume === undefined ? sql`` : sql`AND (vehicle_id, day) >= (${resume.vehicleId}, ${resume.day})`}
        ORDER BY vehicle_id, day LIMIT ${DAYS_PER_QUERY}`,
    ]);
    for (const day of days) {
      const cursorDay = resume !== undefined && resume.vehicleId === day.vehicle_id && resume.day === day.day;
      const isAfter = (t: number, series: string) =>
        !cursorDay ||
        t > (resume as ArchivedAfter).t ||
        (t === (resume as ArchivedAfter).t &&
          (order.get(series) ?? 0) > (order.get((resume as ArchivedAfter).series) ?? 0));
      const stored = await archivedPoints(query.archive, query.connectionId, day.vehicle_id, {
        day: day.day,
        archivedAt: day.archived_at,
      });
      const changed = stored
        .filter(
          (point) =>
            order.has(point.series) &&
            point.sample.modifiedAt >= query.from &&
            point.sample.modifiedAt < query.to &&
            isAfter(point.sample.t, point.series),
        )
        .sort((a, b) => a.sample.t - b.sample.t || (order.get(a.series) ?? 0) - (order.get(b.series) ?? 0));
      for (const point of changed) {
        points.push({
          vehicleId: day.vehicle_id,
          point: { series: point.series, sample: point.sample, ...(query.raw && point.raw ? { raw: point.raw } : {}) },
        });
        if (points.length === count) {
          const last = { vehicleId: day.vehicle_id, day: day.day, t: point.sample.t, series: point.series };
          return { points, next: last };
        }
      }
      // The day is read whole: the next read starts at the vehicle's next day (or the next vehicle).
      resume = { vehicleId: day.vehicle_id, day: day.day + 1, t: -1, series: "" };
    }
    if (days.length < DAYS_PER_QUERY) return { points };
  }
}
