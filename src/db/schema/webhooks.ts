import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenant, timestamp, timestamps } from "./columns";

/** Where an application receives events (per environment), with its signing secret (encrypted). */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    ...tenant,
    url: text("url").notNull(),
    description: text("description"),
    /** Subscribed event types; empty: every type. */
    eventTypes: text("event_types", { mode: "json" }).$type<string[]>().notNull(),
    secretEncrypted: text("secret_encrypted").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    disabledReason: text("disabled_reason"),
    /** When deliveries started failing without a success since (for disabling after days). */
    failingSince: timestamp("failing_since"),
    ...timestamps,
  },
  (table) => [index("webhook_endpoints_tenant_idx").on(table.applicationId, table.environment, table.id)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** Every event emitted, with its envelope, so that it can be listed and replayed. */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    ...tenant,
    connectionId: text("connection_id"),
    type: text("type").notNull(),
    /** The envelope `{ id, type, timestamp, detail }` exactly as delivered. */
    payload: text("payload").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    index("webhook_events_tenant_idx").on(table.applicationId, table.environment, table.id),
    index("webhook_events_connection_idx").on(table.connectionId, table.id),
  ],
);
export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** One delivery attempt of an event to an endpoint. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    ...tenant,
    eventId: text("event_id").notNull(),
    endpointId: text("endpoint_id").notNull(),
    attempt: integer("attempt").notNull(),
    status: text("status", { enum: ["succeeded", "failed"] }).notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.id),
    index("webhook_deliveries_event_idx").on(table.eventId),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * The webhook outbox: one row per (event, endpoint) delivery still owed. Written in the same
 * batch as the event (itself in the batch of the change that caused it), removed by the attempt
 * that ends the delivery (a success, a 410, a disabled or deleted endpoint). The queue carries
 * the work; this row is the record that it is owed, so the recovery sweep re-sends every
 * delivery whose `dueAt` passed (lost message, crash) with the same `webhook-id`.
 */
export const webhookOutbox = sqliteTable(
  "webhook_outbox",
  {
    eventId: text("event_id").notNull(),
    endpointId: text("endpoint_id").notNull(),
    ...tenant,
    /** Attempts made so far (the next one is attempts + 1). */
    attempts: integer("attempts").notNull(),
    /** When the sweep re-sends the delivery if it is still owed: the next attempt's time plus a grace period. */
    dueAt: timestamp("due_at").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.endpointId] }),
    index("webhook_outbox_due_idx").on(table.dueAt),
    index("webhook_outbox_endpoint_idx").on(table.endpointId),
  ],
);
export type WebhookOutboxRow = typeof webhookOutbox.$inferSelect;
