import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ENVIRONMENTS, timestamp, timestamps } from "./columns";

/** An application: the API customer, owner of keys and connections. */
export const applications = sqliteTable("applications", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Whether its connections' syncs read the vehicle time series (latest locations, trips, breadcrumbs, stat logs). */
  seriesEnabled: integer("series_enabled", { mode: "boolean" }).notNull().default(true),
  /** Days of breadcrumbs and stat logs kept in the data shards; older complete days move to object storage. */
  seriesHotDays: integer("series_hot_days").notNull().default(90),
  /** Days of breadcrumbs and stat logs kept at all (both tiers); null: all history. */
  seriesRetentionDays: integer("series_retention_days"),
  ...timestamps,
});
export type ApplicationRow = typeof applications.$inferSelect;

export const API_KEY_KINDS = ["secret", "publishable"] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

/** API keys, stored only as SHA-256 hashes; `hint` keeps the prefix and last four characters for display. */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id),
    environment: text("environment", { enum: ENVIRONMENTS }).notNull(),
    kind: text("kind", { enum: API_KEY_KINDS }).notNull(),
    keyHash: text("key_hash").notNull(),
    hint: text("hint").notNull(),
    createdAt: timestamp("created_at").notNull(),
    revokedAt: timestamp("revoked_at"),
  },
  (table) => [
    uniqueIndex("api_keys_key_hash_unique").on(table.keyHash),
    index("api_keys_application_idx").on(table.applicationId, table.id),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
