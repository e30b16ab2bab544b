import { index, integer, type SQLiteColumnBuilderBase, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { RawEntry } from "../../model/normalized";

export const ENVIRONMENTS = ["production", "sandbox"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Timestamps are stored as integer milliseconds since the epoch: compact, and they sort. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** createdAt / updatedAt, on every mutable table. */
export const timestamps = {
  createdAt: timestamp("created_at").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
};

/**
 * The owner of every tenant row: the application and the environment. Every query on a
 * table with these columns filters on both, so data of two applications or of production
 * and sandbox never mixes.
 */
export const tenant = {
  applicationId: text("application_id").notNull(),
  environment: text("environment", { enum: ENVIRONMENTS }).notNull(),
};

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
export const syncedColumns = {
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

/**
 * A table of synced records (src/families/<family>/table.ts): the synced columns, the family's
 * own, and the two indexes every one has: the upsert key (connection, source id) and the
 * keyset of its lists (connection, id).
 */
export function syncedTable<Name extends string, Columns extends Record<string, SQLiteColumnBuilderBase>>(
  name: Name,
  columns: Columns,
) {
  return sqliteTable(name, { ...syncedColumns, ...columns }, (table) => [
    uniqueIndex(`${name}_source_unique`).on(table.connectionId, table.sourceId),
    index(`${name}_connection_idx`).on(table.connectionId, table.id),
  ]);
}
