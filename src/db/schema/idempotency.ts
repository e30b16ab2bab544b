import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenant, timestamp } from "./columns";

export const IDEMPOTENCY_STATUSES = ["running", "completed"] as const;

/**
 * Idempotency keys of POST requests (Stripe semantics), scoped to the application and the
 * environment. A row is `running` while its first request executes, then holds that request's
 * response for replay until it expires (24 h).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    ...tenant,
    key: text("key").notNull(),
    /** SHA-256 of the method, path, connection and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: text("status", { enum: IDEMPOTENCY_STATUSES }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    responseContentType: text("response_content_type"),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.environment, table.key] }),
    index("idempotency_keys_expires_idx").on(table.expiresAt),
  ],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
