import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { IssueCode } from "../../model/normalized";
import { tenant, timestamp } from "./columns";

/**
 * Problems that did not fail a sync but may need action (contract 2.3, `isu_`). One issue
 * per (connection, code): reported again, it stays the same issue with a later
 * lastReportedAt; a sync that completes without reporting it resolves it.
 */
export const issues = sqliteTable(
  "issues",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id").notNull(),
    ...tenant,
    status: text("status", { enum: ["ongoing", "resolved"] }).notNull(),
    errorCode: text("error_code").$type<IssueCode>().notNull(),
    message: text("message").notNull(),
    firstReportedAt: timestamp("first_reported_at").notNull(),
    lastReportedAt: timestamp("last_reported_at").notNull(),
    resolvedAt: timestamp("resolved_at"),
  },
  (table) => [
    uniqueIndex("issues_connection_code_unique").on(table.connectionId, table.errorCode),
    index("issues_tenant_idx").on(table.applicationId, table.environment, table.id),
  ],
);
export type IssueRow = typeof issues.$inferSelect;

/** Which issues a sync job reported. */
export const syncJobIssues = sqliteTable(
  "sync_job_issues",
  {
    syncJobId: text("sync_job_id").notNull(),
    issueId: text("issue_id").notNull(),
    connectionId: text("connection_id").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.syncJobId, table.issueId] }),
    // A connection's rows, for the deletion sweep and a move between shards.
    index("sync_job_issues_connection_idx").on(table.connectionId, table.syncJobId, table.issueId),
  ],
);
