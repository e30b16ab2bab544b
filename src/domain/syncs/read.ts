import { and, asc, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { selectInChunks } from "../../db/in-chunks";
import { afterKey } from "../../db/keyset";
import { type IssueRow, issues, type SyncJobRow, type SyncStatus, syncJobIssues, syncJobs } from "../../db/schema";
import { type Decoded, tolerantSelection } from "../../db/tolerant-rows";
import { decodedOrThrow } from "../../lib/bad-rows";

/** Sync jobs decoded row by row (db/tolerant-rows.ts): one job of bad JSON never fails a list of the others. */
export const syncJobRows = tolerantSelection<SyncJobRow>(getTableColumns(syncJobs));

/**
 * A sync job of a connection, or undefined (never another connection's). One whose stored JSON
 * does not parse is reported and thrown (UnpresentableRowError).
 */
export async function findSyncJob(db: Database, connectionId: string, id: string): Promise<SyncJobRow | undefined> {
  const [row] = await db
    .select(syncJobRows.fields)
    .from(syncJobs)
    .where(and(eq(syncJobs.id, id), eq(syncJobs.connectionId, connectionId)))
    .limit(1);
  return row && decodedOrThrow("sync_jobs", syncJobRows.decode(row));
}

/** One page of a connection's sync jobs, newest first, `limit + 1` rows. */
export async function listSyncJobs(
  db: Database,
  connectionId: string,
  filters: { status?: SyncStatus },
  page: { limit: number; afterId?: string },
): Promise<Decoded<SyncJobRow>[]> {
  const rows = await db
    .select(syncJobRows.fields)
    .from(syncJobs)
    .where(
      and(
        eq(syncJobs.connectionId, connectionId),
        filters.status === undefined ? undefined : eq(syncJobs.status, filters.status),
        page.afterId === undefined ? undefined : afterKey([syncJobs.id], [page.afterId], "desc"),
      ),
    )
    .orderBy(desc(syncJobs.id))
    .limit(page.limit + 1);
  return rows.map(syncJobRows.decode);
}

/** The issues each of the given sync jobs reported (ids, or the issue rows when expanded): one query. */
export async function issuesOfSyncJobs(db: Database, syncIds: readonly string[]): Promise<Map<string, IssueRow[]>> {
  const bySync = new Map<string, IssueRow[]>(syncIds.map((id) => [id, []]));
  if (!syncIds.length) return bySync;
  // In chunks: a page of 101+ sync jobs would pass D1's 100 bound parameters per statement.
  const rows = await selectInChunks(syncIds, (chunk) =>
    db
      .select({ syncJobId: syncJobIssues.syncJobId, issue: issues })
      .from(syncJobIssues)
      .innerJoin(issues, eq(issues.id, syncJobIssues.issueId))
      .where(inArray(syncJobIssues.syncJobId, chunk))
      .orderBy(asc(issues.id)),
  );
  for (const row of rows) bySync.get(row.syncJobId)?.push(row.issue);
  return bySync;
}
