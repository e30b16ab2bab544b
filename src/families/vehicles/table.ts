import { integer, real, text } from "drizzle-orm/sqlite-core";
import { syncedTable, timestamp } from "../../db/schema/columns";
import type { FuelType, LicensePlate, RecordStatus } from "../../model/normalized";

export const vehicles = syncedTable("vehicles", {
  status: text("status", { enum: ["active", "inactive"] })
    .$type<RecordStatus>()
    .notNull(),
  name: text("name"),
  vin: text("vin"),
  make: text("make"),
  model: text("model"),
  year: integer("year"),
  licensePlate: text("license_plate", { mode: "json" }).$type<LicensePlate>(),
  fuelType: text("fuel_type").$type<FuelType>(),
  fuelEfficiency: real("fuel_efficiency"),
  fuelTankCapacity: real("fuel_tank_capacity"),
  groupIds: text("group_ids", { mode: "json" }).$type<string[]>().notNull(),
  deviceIds: text("device_ids", { mode: "json" }).$type<string[]>().notNull(),
  sourceCreatedAt: timestamp("source_created_at"),
  sourceUpdatedAt: timestamp("source_updated_at"),
});
export type VehicleRow = typeof vehicles.$inferSelect;
