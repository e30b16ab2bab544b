import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenant, timestamp } from "../../db/schema/columns";
import type { RawEntry } from "../../model/normalized";

/**
 * One vehicle-day of utilization. Keyed by (connection, vehicle source id, date), so
 * re-reading a day updates it in place. Two orders are indexed: by vehicle (a few vehicles,
 * long history) and by date (the whole fleet, a short window).
 */
export const vehicleUtilization = sqliteTable(
  "vehicle_utilization",
  {
    connectionId: text("connection_id").notNull(),
    ...tenant,
    provider: text("provider").notNull(),
    vehicleId: text("vehicle_id").notNull(),
    vehicleSourceId: text("vehicle_source_id").notNull(),
    date: text("date").notNull(),
    startAt: timestamp("start_at").notNull(),
    endAt: timestamp("end_at").notNull(),
    distance: real("distance").notNull(),
    fuelConsumed: real("fuel_consumed").notNull(),
    drivingMs: integer("driving_ms").notNull(),
    idlingMs: integer("idling_ms").notNull(),
    addedAt: timestamp("added_at").notNull(),
    modifiedAt: timestamp("modified_at").notNull(),
    contentHash: text("content_hash").notNull(),
    raw: text("raw", { mode: "json" }).$type<RawEntry>().notNull(),
  },
  (table) => [
    uniqueIndex("utilization_vehicle_date_unique").on(table.connectionId, table.vehicleId, table.date),
    index("utilization_date_idx").on(table.connectionId, table.date, table.vehicleId),
  ],
);
export type UtilizationRow = typeof vehicleUtilization.$inferSelect;
