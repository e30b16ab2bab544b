import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tenant, timestamp } from "./columns";

export const SYNC_STATUSES = ["requested", "in_progress", "completed", "failed"] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const PROVIDER_REQUESTS = ["historical_files", "provision_credentials"] as const;
export type ProviderRequest = (typeof PROVIDER_REQUESTS)[number];

/** Sync jobs of a connection (contract 2.3). */
export const syncJobs = sqliteTable(
  "sync_jobs",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    ...tenant,
    status: text("status", { enum: SYNC_STATUSES }).notNull(),
    requestedAt: timestamp("requested_at").notNull(),
    startedAt: timestamp("started_at"),
    completedAt: timestamp("completed_at"),
    failureReason: text("failure_reason"),
    progress: integer("progress").notNull().default(0),
    startFrom: timestamp("start_from"),
    attempts: integer("attempts").notNull().default(1),
    providerRequests: text("provider_requests", { mode: "json" }).$type<ProviderRequest[]>().notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (table) => [index("sync_jobs_connection_idx").on(table.connectionId, table.id)],
);
export type SyncJobRow = typeof syncJobs.$inferSelect;
