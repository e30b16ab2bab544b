import { index, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { syncedColumns, timestamp } from "../../db/schema/columns";
import type { Location } from "../../model/normalized";

/**
 * Trips: a few per vehicle-day. Their ids sort by start (trips/write.ts), so the synced tables'
 * (connection, id) index is also the fleet's trips in start order; one more index by vehicle
 * and start serves a few vehicles' history.
 */
export const trips = sqliteTable(
  "trips",
  {
    ...syncedColumns,
    vehicleId: text("vehicle_id").notNull(),
    driverId: text("driver_id"),
    startLocation: text("start_location", { mode: "json" }).$type<Location>(),
    endLocation: text("end_location", { mode: "json" }).$type<Location>(),
    distance: real("distance"),
    startedAt: timestamp("started_at").notNull(),
    endedAt: timestamp("ended_at").notNull(),
  },
  (table) => [
    uniqueIndex("trips_source_unique").on(table.connectionId, table.sourceId),
    index("trips_connection_idx").on(table.connectionId, table.id),
    index("trips_vehicle_started_idx").on(table.connectionId, table.vehicleId, table.startedAt, table.id),
  ],
);
export type TripRow = typeof trips.$inferSelect;
