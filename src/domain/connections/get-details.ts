import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { agreements, type ConnectionRow, syncJobIssues, syncJobs } from "../../db/schema";

/** Agreements, the latest sync job and its issue ids, for GET /connections/current: indexed reads in one round trip. */
export async function getConnectionDetails(db: Database, connection: ConnectionRow) {
  const latest = db
    .select({ id: syncJobs.id })
    .from(syncJobs)
    .where(eq(syncJobs.connectionId, connection.id))
    .orderBy(desc(syncJobs.id))
    .limit(1);
  const [agreementRows, lastSyncRows, issueRows] = await db.batch([
    db
      .select()
      .from(agreements)
      .where(eq(agreements.connectionId, connection.id))
      .orderBy(asc(agreements.id))
      .limit(100),
    db.select().from(syncJobs).where(eq(syncJobs.connectionId, connection.id)).orderBy(desc(syncJobs.id)).limit(1),
    db
      .select({ issueId: syncJobIssues.issueId })
      .from(syncJobIssues)
      .where(eq(syncJobIssues.syncJobId, sql`(${latest})`))
      .orderBy(asc(syncJobIssues.issueId)),
  ]);
  return {
    agreements: agreementRows,
    lastSync: lastSyncRows[0] ?? null,
    lastSyncIssueIds: issueRows.map((row) => row.issueId),
  };
}
