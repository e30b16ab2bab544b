import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { syncedColumns, timestamp } from "../../db/schema/columns";
import { DUTY_STATUSES } from "../../hos/duty-status";
import type { HosRemark, Location } from "../../model/normalized";

/**
 * Duty-status changes: a handful per driver-day. Their ids sort by start (hos-logs/write.ts), so
 * the synced tables' (connection, id) index is also the fleet's logs in start order; one more
 * index by driver and start serves a few drivers' logs.
 */
export const hosLogs = sqliteTable(
  "hos_logs",
  {
    ...syncedColumns,
    status: text("status", { enum: DUTY_STATUSES }).notNull(),
    driverId: text("driver_id").notNull(),
    vehicleId: text("vehicle_id"),
    codriverIds: text("codriver_ids", { mode: "json" }).$type<string[]>(),
    location: text("location", { mode: "json" }).$type<Location>(),
    remarks: text("remarks", { mode: "json" }).$type<HosRemark[]>(),
    startedAt: timestamp("started_at").notNull(),
    endedAt: timestamp("ended_at"),
  },
  (table) => [
    uniqueIndex("hos_logs_source_unique").on(table.connectionId, table.sourceId),
    index("hos_logs_connection_idx").on(table.connectionId, table.id),
    index("hos_logs_driver_started_idx").on(table.connectionId, table.driverId, table.startedAt, table.id),
  ],
);
export type HosLogRow = typeof hosLogs.$inferSelect;
