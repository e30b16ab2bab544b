import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenant, timestamp, timestamps } from "./columns";

export const DESTINATION_TYPES = ["r2", "s3", "kinesis"] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

export const DELIVERY_SCHEDULES = ["after_sync", "hourly", "daily"] as const;
export type DeliverySchedule = (typeof DELIVERY_SCHEDULES)[number];

/**
 * Where a destination writes, without its secrets: `r2` a prefix in the Worker's bucket; `s3` an
 * S3-compatible endpoint, region, bucket and prefix; `kinesis` a Kinesis-compatible endpoint,
 * region and stream. Its access key id and secret are sealed apart (`credentialsEncrypted`), never
 * returned.
 */
export type DestinationConfig =
  | { type: "r2"; prefix: string }
  | { type: "s3"; endpoint: string; region: string; bucket: string; prefix: string }
  | { type: "kinesis"; endpoint: string; region: string; streamName: string };

/** A data-delivery destination of an application and environment (`dst_`). */
export const destinations = sqliteTable(
  "destinations",
  {
    id: text("id").primaryKey(),
    ...tenant,
    type: text("type", { enum: DESTINATION_TYPES }).notNull(),
    name: text("name").notNull(),
    /** The models it receives, by their `supportedModels` names (`Vehicle`, `Trip`, …). */
    models: text("models", { mode: "json" }).$type<string[]>().notNull(),
    /** The connections it covers; null: every connection of the application in its environment. */
    connectionIds: text("connection_ids", { mode: "json" }).$type<string[] | null>(),
    schedule: text("schedule", { enum: DELIVERY_SCHEDULES }).notNull(),
    /** Each record with its provider payload (`raw`), as `raw=true` answers it. */
    includeRaw: integer("include_raw", { mode: "boolean" }).notNull(),
    config: text("config", { mode: "json" }).$type<DestinationConfig>().notNull(),
    /** The access key id and secret, sealed to the destination's id; null for `r2`. */
    credentialsEncrypted: text("credentials_encrypted"),
    ...timestamps,
  },
  (table) => [index("destinations_tenant_idx").on(table.applicationId, table.environment, table.id)],
);
export type DestinationRow = typeof destinations.$inferSelect;

export const DELIVERY_STATUSES = ["requested", "in_progress", "completed", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_TRIGGERS = ["manual", "schedule", "backfill"] as const;
export type DeliveryTrigger = (typeof DELIVERY_TRIGGERS)[number];

/** The unit a delivery does next (destination_deliveries.position). */
export type DeliveryPosition = { step: number; part: number; cursor?: string };

/** What a delivery wrote: records, parts (objects or record batches) and bytes. */
export type DeliveryStats = { records: number; parts: number; bytes: number };

/** One delivery of a destination (`dlv_`): the changed record versions of its connections, up to `upTo`. */
export const destinationDeliveries = sqliteTable(
  "destination_deliveries",
  {
    id: text("id").primaryKey(),
    destinationId: text("destination_id").notNull(),
    ...tenant,
    status: text("status", { enum: DELIVERY_STATUSES }).notNull(),
    trigger: text("trigger", { enum: DELIVERY_TRIGGERS }).notNull(),
    connectionIds: text("connection_ids", { mode: "json" }).$type<string[]>().notNull(),
    /** The destination's models when the delivery was requested (a change of its models applies to the next one). */
    models: text("models", { mode: "json" }).$type<string[]>().notNull(),
    /** Records modified after each connection and model's watermark and at or before this instant are delivered. */
    upTo: timestamp("up_to").notNull(),
    /**
     * Where the delivery stands: the unit to do next (its step: a connection and model, or the end;
     * its part, and the cursor of that part's records). Only the queue message of this position
     * does work, so a message delivered twice cannot run the delivery twice.
     */
    position: text("position", { mode: "json" }).$type<DeliveryPosition>().notNull(),
    stats: text("stats", { mode: "json" }).$type<DeliveryStats>().notNull(),
    attempts: integer("attempts").notNull(),
    failureReason: text("failure_reason"),
    requestedAt: timestamp("requested_at").notNull(),
    startedAt: timestamp("started_at"),
    completedAt: timestamp("completed_at"),
    failedAt: timestamp("failed_at"),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [
    index("destination_deliveries_destination_idx").on(table.destinationId, table.id),
    index("destination_deliveries_status_idx").on(table.status, table.updatedAt),
  ],
);
export type DeliveryRow = typeof destinationDeliveries.$inferSelect;

/**
 * Per destination, connection and model: the instant up to which its records were delivered by a
 * completed delivery (the next one starts after it). No row: nothing delivered yet (a backfill).
 */
export const destinationWatermarks = sqliteTable(
  "destination_watermarks",
  {
    destinationId: text("destination_id").notNull(),
    connectionId: text("connection_id").notNull(),
    model: text("model").notNull(),
    deliveredUpTo: timestamp("delivered_up_to").notNull(),
    deliveryId: text("delivery_id").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.destinationId, table.connectionId, table.model] }),
    index("destination_watermarks_connection_idx").on(table.connectionId),
  ],
);
export type DestinationWatermarkRow = typeof destinationWatermarks.$inferSelect;

/**
 * What a delivery wrote, part by part: an object (its full key and checksum) or a batch of stream
 * records. Written with the part, so that a retried unit rewrites the same row; the manifest and
 * the delivery's figures are read from them.
 */
export const deliveryParts = sqliteTable(
  "delivery_parts",
  {
    deliveryId: text("delivery_id").notNull(),
    step: integer("step").notNull(),
    part: integer("part").notNull(),
    connectionId: text("connection_id").notNull(),
    model: text("model").notNull(),
    /** The object's full key; null for stream records. */
    key: text("key"),
    records: integer("records").notNull(),
    bytes: integer("bytes").notNull(),
    /** SHA-256 of the object's bytes (hex); null for stream records. */
    sha256: text("sha256"),
    writtenAt: timestamp("written_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.deliveryId, table.step, table.part] }),
    // The deletion sweep removes a deleted connection's rows.
    index("delivery_parts_connection_idx").on(table.connectionId),
  ],
);
export type DeliveryPartRow = typeof deliveryParts.$inferSelect;
