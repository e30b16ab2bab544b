import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenant } from "./columns";

/**
 * Billable usage: one row per (month, connection, vehicle) whose data was ingested in that month,
 * with the backfill units counted for it. The primary key doubles as the keyset of GET /usage.
 */
export const usageRecords = sqliteTable(
  "usage_records",
  {
    ...tenant,
    month: text("month").notNull(),
    connectionId: text("connection_id").notNull(),
    vehicleId: text("vehicle_id").notNull(),
    backfillUnitCount: integer("backfill_unit_count").notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.applicationId, table.environment, table.month, table.connectionId, table.vehicleId],
    }),
    // A connection's rows, for a move between shards.
    index("usage_records_connection_idx").on(table.connectionId, table.month, table.vehicleId),
  ],
);
export type UsageRecordRow = typeof usageRecords.$inferSelect;
