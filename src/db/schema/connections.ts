import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { tenant, timestamp, timestamps } from "./columns";

export const CONNECTION_STATUSES = [
  "connected",
  "disconnected",
  "archived",
  "pending_deletion",
  "deleting",
  "deleted",
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const SYNC_MODES = ["automatic", "manual"] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

export type Company = { name?: string; dotNumbers: string[] };
export type ProviderUser = { sourceId?: string; firstName?: string; lastName?: string; email?: string };
export type Account = { name?: string; dotNumbers: string[]; user?: ProviderUser };
export type RecordFilter = { status?: "active" | "inactive"; excludeIds?: string[]; includeIds?: string[] };
export type ConnectionFilters = { vehicles?: RecordFilter; drivers?: RecordFilter };
export type Backfill = { startFrom?: string; days?: number };

/**
 * What the connection's ConnectionSync object still owes it: `initial`, the first sync with the
 * stored backfill (owed from the write that created the connection); `changed`, a look at a
 * changed status or sync mode (stop a running sync, recompute the schedule). Recorded in the
 * same write as the change and cleared by the object once done, so a crash between the write
 * and the call to the object is repaired by the reconciler (src/cron/reconcile.ts).
 */
export const SYNC_INTENTS = ["initial", "changed"] as const;
export type SyncIntent = (typeof SYNC_INTENTS)[number];

/**
 * A connection to one customer account at one provider. The token is stored twice: hashed for
 * lookup and encrypted because the contract returns it; provider credentials only encrypted.
 */
export const connections = sqliteTable(
  "connections",
  {
    id: text("id").primaryKey(),
    ...tenant,
    provider: text("provider").notNull(),
    status: text("status", { enum: CONNECTION_STATUSES }).notNull(),
    syncMode: text("sync_mode", { enum: SYNC_MODES }).notNull(),
    externalId: text("external_id"),
    sourceId: text("source_id"),
    company: text("company", { mode: "json" }).$type<Company>().notNull(),
    account: text("account", { mode: "json" }).$type<Account>().notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>(),
    options: text("options", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    filters: text("filters", { mode: "json" }).$type<ConnectionFilters>(),
    backfill: text("backfill", { mode: "json" }).$type<Backfill>(),
    tokenHash: text("token_hash").notNull(),
    tokenEncrypted: text("token_encrypted").notNull(),
    credentialsEncrypted: text("credentials_encrypted"),
    /** When the token was last replaced (POST /connections/current/rotate-token); null if never. */
    tokenRotatedAt: timestamp("token_rotated_at"),
    deletionDueAt: timestamp("deletion_due_at"),
    deletedAt: timestamp("deleted_at"),
    /** What the ConnectionSync object owes the connection (SYNC_INTENTS), and since when; null: nothing. */
    syncIntent: text("sync_intent", { enum: SYNC_INTENTS }),
    syncIntentAt: timestamp("sync_intent_at"),
    /**
     * The data shard holding the connection's synced data (binding `DATA_<SHARD>`, src/db/shards.ts),
     * chosen when the connection is created and changed only by the switch of a move.
     */
    shard: text("shard").notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("connections_token_hash_unique").on(table.tokenHash),
    index("connections_sync_intent_idx").on(table.syncIntentAt),
    index("connections_tenant_idx").on(table.applicationId, table.environment, table.id),
    index("connections_external_id_idx").on(table.applicationId, table.environment, table.externalId),
    index("connections_deletion_due_idx").on(table.status, table.deletionDueAt),
    index("connections_shard_idx").on(table.shard),
  ],
);
export type ConnectionRow = typeof connections.$inferSelect;

/** Agreements accepted by the customer for a connection (contract 2.2). Immutable once written. */
export const agreements = sqliteTable(
  "agreements",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => connections.id),
    ...tenant,
    type: text("type").notNull(),
    agreementUrl: text("agreement_url").notNull(),
    acceptedAt: timestamp("accepted_at").notNull(),
    acceptedBy: text("accepted_by", { mode: "json" }).$type<ProviderUser>(),
    location: text("location"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at").notNull(),
  },
  (table) => [index("agreements_connection_idx").on(table.connectionId, table.id)],
);
export type AgreementRow = typeof agreements.$inferSelect;

/** One-time public tokens from the hosted flow, stored hashed; single use, short-lived. */
export const publicTokens = sqliteTable(
  "public_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => connections.id),
    ...tenant,
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (table) => [index("public_tokens_connection_idx").on(table.connectionId)],
);
