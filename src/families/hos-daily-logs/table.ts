import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { syncedColumns } from "../../db/schema/columns";
import type { HosDistances, HosStatusDurations } from "../../model/normalized";

/**
 * A driver's days of hours of service, one row per driver and day. Their ids sort by date
 * (hos-daily-logs/write.ts), so the synced tables' (connection, id) index is the fleet's days in
 * date order; one more index by driver and date serves a few drivers' days.
 */
export const hosDailyLogs = sqliteTable(
  "hos_daily_logs",
  {
    ...syncedColumns,
    driverId: text("driver_id").notNull(),
    date: text("date").notNull(),
    distances: text("distances", { mode: "json" }).$type<HosDistances>(),
    statusDurations: text("status_durations", { mode: "json" }).$type<HosStatusDurations>().notNull(),
  },
  (table) => [
    uniqueIndex("hos_daily_logs_source_unique").on(table.connectionId, table.sourceId),
    index("hos_daily_logs_connection_idx").on(table.connectionId, table.id),
    index("hos_daily_logs_driver_date_idx").on(table.connectionId, table.driverId, table.date, table.id),
  ],
);
export type HosDailyLogRow = typeof hosDailyLogs.$inferSelect;
