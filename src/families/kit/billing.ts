import { type SQL, sql } from "drizzle-orm";
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
