import { text } from "drizzle-orm/sqlite-core";
import { syncedTable, timestamp } from "../../db/schema/columns";
import type { CameraReference, Location, NormalizedSafetyEvent, SafetyEventType } from "../../model/normalized";

export const safetyEvents = syncedTable("safety_events", {
  type: text("type").$type<SafetyEventType>().notNull(),
  sourceType: text("source_type"),
  driverId: text("driver_id"),
  vehicleId: text("vehicle_id"),
  startLocation: text("start_location", { mode: "json" }).$type<Location>(),
  endLocation: text("end_location", { mode: "json" }).$type<Location>(),
  startedAt: timestamp("started_at").notNull(),
  endedAt: timestamp("ended_at"),
  stats: text("stats", { mode: "json" }).$type<NonNullable<NormalizedSafetyEvent["stats"]>>(),
  cameraMedia: text("camera_media", { mode: "json" })
    .$type<{ frontFacing?: CameraReference; rearFacing?: CameraReference }>()
    .notNull(),
});
export type SafetyEventRow = typeof safetyEvents.$inferSelect;
