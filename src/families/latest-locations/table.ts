import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "../../db/schema/columns";
import type { EngineState, RawEntry } from "../../model/normalized";

/**
 * The latest known location and state of each vehicle of a connection: one row per vehicle,
 * replaced by every refresh of the provider's live snapshot. `modified_at` moves only when the
 * content changes; `refreshed_at` when the provider last confirmed it.
 */
export const latestLocations = sqliteTable(
  "latest_vehicle_locations",
  {
    connectionId: text("connection_id").notNull(),
    vehicleId: text("vehicle_id").notNull(),
    provider: text("provider").notNull(),
    driverId: text("driver_id"),
    locatedAt: timestamp("located_at").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    address: text("address"),
    heading: real("heading"),
    speed: real("speed"),
    odometer: real("odometer"),
    fuelPrimary: real("fuel_primary"),
    fuelSecondary: real("fuel_secondary"),
    engineState: text("engine_state").$type<EngineState>(),
    engineRuntimeMs: integer("engine_runtime_ms"),
    addedAt: timestamp("added_at").notNull(),
    modifiedAt: timestamp("modified_at").notNull(),
    contentHash: text("content_hash").notNull(),
    raw: text("raw", { mode: "json" }).$type<RawEntry>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.vehicleId] }),
    index("latest_locations_driver_idx").on(table.connectionId, table.driverId),
  ],
);
export type LatestLocationRow = typeof latestLocations.$inferSelect;
