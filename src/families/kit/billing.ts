import { type SQL, sql } from "drizzle-orm";
import { upsertJsonRows } from "../../db/json-rows";
import type { WriteContext } from "./write";

/** The billing month of a moment: `YYYY-MM` (UTC). */
export const billingMonth = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/**
 * Marks the visible vehicles of a page billable this month (usage records are one per
 * month, connection and vehicle; a vehicle is counted once however often it is synced).
 */
export function billVehicles(context: WriteContext, sourceIds: readonly string[]): SQL {
  const { connection } = context;
  return sql`INSERT INTO usage_records (application_id, environment, month, connection_id, vehicle_id, backfill_unit_count)
    SELECT application_id, environment, ${billingMonth(context.now)}, connection_id, id, 0 FROM vehicles
    WHERE connection_id = ${connection.id} AND visibility = 'visible'
      AND source_id IN (SELECT value FROM json_each(${JSON.stringify(sourceIds)}))
    ON CONFLICT DO NOTHING`;
}

/**
 * Adds backfill units: one per vehicle-day of history from before the connection was
 * created, counted when that day is first ingested (so re-syncing a day never bills it twice).
 */
export function billBackfill(context: WriteContext, unitsByVehicle: ReadonlyMap<string, number>): SQL[] {
  if (unitsByVehicle.size === 0) return [];
  const { connection } = context;
  const month = billingMonth(context.now);
  return upsertJsonRows({
    table: "usage_records",
    columns: ["application_id", "environment", "month", "connection_id", "vehicle_id", "backfill_unit_count"],
    rows: [...unitsByVehicle].map(([vehicleId, units]) => [
      connection.applicationId,
      connection.environment,
      month,
      connection.id,
      vehicleId,
      units,
    ]),
    conflict: ["application_id", "environment", "month", "connection_id", "vehicle_id"],
    update: sql.raw("backfill_unit_count = usage_records.backfill_unit_count + excluded.backfill_unit_count"),
  });
}
