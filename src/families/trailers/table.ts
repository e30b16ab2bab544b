import { integer, text } from "drizzle-orm/sqlite-core";
import { syncedTable, timestamp } from "../../db/schema/columns";
import type { LicensePlate, RecordStatus } from "../../model/normalized";

export const trailers = syncedTable("trailers", {
  status: text("status", { enum: ["active", "inactive"] })
    .$type<RecordStatus>()
    .notNull(),
  name: text("name"),
  vin: text("vin"),
  serialNumber: text("serial_number"),
  make: text("make"),
  model: text("model"),
  year: integer("year"),
  licensePlate: text("license_plate", { mode: "json" }).$type<LicensePlate>(),
  groupIds: text("group_ids", { mode: "json" }).$type<string[]>().notNull(),
  /** The vehicle it is hitched to, where the provider links them: the vehicle's visibility then applies to it. */
  vehicleId: text("vehicle_id"),
  sourceCreatedAt: timestamp("source_created_at"),
  sourceUpdatedAt: timestamp("source_updated_at"),
});
export type TrailerRow = typeof trailers.$inferSelect;
