import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type {
  CameraReference,
  FuelType,
  LicensePlate,
  Location,
  NormalizedSafetyEvent,
  RawEntry,
  RecordStatus,
  SafetyEventType,
} from "../../model/normalized";
import { tenant, timestamp } from "./columns";

export const VISIBILITIES = [
  "visible",
  "hidden_by_exclude_list",
  "hidden_by_include_list",
  "hidden_by_status",
  "deleted",
] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/**
 * Columns every synced provider record has: its owner, its provider source id (unique per
 * connection: the key of idempotent upserts), the metadata of the contract, the hash of its
 * normalized content (modifiedAt moves only when it changes), the raw payload, and the
 * sync that last saw it (records a full listing no longer returns are soft-deleted).
 */
const synced = {
  id: text("id").primaryKey(),
  connectionId: text("connection_id").notNull(),
  ...tenant,
  provider: text("provider").notNull(),
  sourceId: text("source_id").notNull(),
  visibility: text("visibility", { enum: VISIBILITIES }).notNull(),
  addedAt: timestamp("added_at").notNull(),
  modifiedAt: timestamp("modified_at").notNull(),
  deletedAt: timestamp("deleted_at"),
  contentHash: text("content_hash").notNull(),
  raw: text("raw", { mode: "json" }).$type<RawEntry>().notNull(),
  lastSyncId: text("last_sync_id"),
};

export const groups = sqliteTable(
  "groups",
  {
    ...synced,
    name: text("name").notNull(),
    description: text("description"),
    parentId: text("parent_id"),
  },
  (table) => [
    uniqueIndex("groups_source_unique").on(table.connectionId, table.sourceId),
    index("groups_connection_idx").on(table.connectionId, table.id),
  ],
);
export type GroupRow = typeof groups.$inferSelect;

export const vehicles = sqliteTable(
  "vehicles",
  {
    ...synced,
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
  },
  (table) => [
    uniqueIndex("vehicles_source_unique").on(table.connectionId, table.sourceId),
    index("vehicles_connection_idx").on(table.connectionId, table.id),
  ],
);
export type VehicleRow = typeof vehicles.$inferSelect;

export const drivers = sqliteTable(
  "drivers",
  {
    ...synced,
    status: text("status", { enum: ["active", "inactive"] })
      .$type<RecordStatus>()
      .notNull(),
    firstName: text("first_name"),
    middleName: text("middle_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    username: text("username"),
    license: text("license", { mode: "json" }).$type<LicensePlate>(),
    groupIds: text("group_ids", { mode: "json" }).$type<string[]>().notNull(),
    sourceCreatedAt: timestamp("source_created_at"),
    sourceUpdatedAt: timestamp("source_updated_at"),
  },
  (table) => [
    uniqueIndex("drivers_source_unique").on(table.connectionId, table.sourceId),
    index("drivers_connection_idx").on(table.connectionId, table.id),
  ],
);
export type DriverRow = typeof drivers.$inferSelect;

export const devices = sqliteTable(
  "devices",
  {
    ...synced,
    type: text("type", { enum: ["tracker", "camera"] }).notNull(),
    vehicleId: text("vehicle_id"),
    description: text("description"),
    serialNumber: text("serial_number"),
    lastConnectedAt: timestamp("last_connected_at"),
  },
  (table) => [
    uniqueIndex("devices_source_unique").on(table.connectionId, table.sourceId),
    index("devices_connection_idx").on(table.connectionId, table.id),
  ],
);
export type DeviceRow = typeof devices.$inferSelect;

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

export const safetyEvents = sqliteTable(
  "safety_events",
  {
    ...synced,
    type: text("type").$type<SafetyEventType>().notNull(),
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
  },
  (table) => [
    uniqueIndex("safety_events_source_unique").on(table.connectionId, table.sourceId),
    index("safety_events_connection_idx").on(table.connectionId, table.id),
  ],
);
export type SafetyEventRow = typeof safetyEvents.$inferSelect;
