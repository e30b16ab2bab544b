import { text } from "drizzle-orm/sqlite-core";
import { syncedTable, timestamp } from "../../db/schema/columns";

export const devices = syncedTable("devices", {
  type: text("type", { enum: ["tracker", "camera"] }).notNull(),
  vehicleId: text("vehicle_id"),
  description: text("description"),
  serialNumber: text("serial_number"),
  lastConnectedAt: timestamp("last_connected_at"),
  sourceCreatedAt: timestamp("source_created_at"),
  sourceUpdatedAt: timestamp("source_updated_at"),
});
export type DeviceRow = typeof devices.$inferSelect;
