import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenant, timestamp } from "./columns";

/**
 * Webhook events of changes to a connection's data, written in the same batch as the change on
 * its data shard (one transaction there), then relayed to the control database's webhook tables
 * and removed (src/webhooks/relay.ts). An event whose relay was cut short is relayed by the
 * recovery sweep: a change stored is a change announced, across the two databases.
 */
export const pendingEvents = sqliteTable(
  "pending_events",
  {
    id: text("id").primaryKey(),
    ...tenant,
    connectionId: text("connection_id").notNull(),
    type: text("type").notNull(),
    /** The envelope `{ id, type, timestamp, detail }` exactly as it will be delivered. */
    payload: text("payload").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [
    index("pending_events_created_idx").on(table.createdAt),
    index("pending_events_connection_idx").on(table.connectionId, table.id),
  ],
);
