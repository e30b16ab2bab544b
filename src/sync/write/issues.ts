import { type SQL, sql } from "drizzle-orm";
import type { IssueRow } from "../../db/schema";
import type { WriteContext } from "../../families/kit/write";
import { recordId } from "../../lib/record-ids";
import type { IssueCode } from "../../model/normalized";

/**
 * Records problems a page reported: one issue per (connection, code), created once and then
 * re-reported (lastReportedAt, message, back to `ongoing`), linked to this sync job. The issue id
 * is derived from (connection, code), so both statements go in the page's batch.
 */
export async function reportIssues(
  context: WriteContext,
  reported: ReadonlyArray<{ code: IssueCode; message: string }>,
): Promise<SQL[]> {
  const { connection, now } = context;
  const statements: SQL[] = [];
  for (const { code, message } of reported) {
    const id = await recordId(connection, "issue", code);
    statements.push(
      sql`INSERT INTO issues (id, connection_id, application_id, environment, status, error_code, message, first_reported_at, last_reported_at)
        VALUES (${id}, ${connection.id}, ${connection.applicationId}, ${connection.environment}, 'ongoing', ${code}, ${message}, ${now}, ${now})
        ON CONFLICT (connection_id, error_code) DO UPDATE SET status = 'ongoing', message = excluded.message,
          last_reported_at = excluded.last_reported_at, resolved_at = NULL`,
      sql`INSERT INTO sync_job_issues (sync_job_id, issue_id, connection_id) VALUES (${context.syncId}, ${id}, ${connection.id})
        ON CONFLICT DO NOTHING`,
    );
  }
  return statements;
}

/** At the end of a completed sync: issues it did not report again are resolved. */
export function resolveUnreportedIssues(connectionId: string, syncId: string, now: number): SQL {
  return sql`UPDATE issues SET status = 'resolved', resolved_at = ${now}
    WHERE connection_id = ${connectionId} AND status = 'ongoing'
      AND id NOT IN (SELECT issue_id FROM sync_job_issues WHERE sync_job_id = ${syncId})`;
}

/** The ongoing issues of a connection that a sync did not report (what resolveUnreportedIssues resolves). */
export function unreportedIssues(connectionId: string, syncId: string): SQL {
  return sql`SELECT id, connection_id AS connectionId, error_code AS errorCode, message, first_reported_at AS firstReportedAt
    FROM issues WHERE connection_id = ${connectionId} AND status = 'ongoing'
      AND id NOT IN (SELECT issue_id FROM sync_job_issues WHERE sync_job_id = ${syncId})`;
}

/** The `issue` of issue events. */
export function issueDetail(
  row: Pick<IssueRow, "id" | "errorCode" | "message">,
  status: "ongoing" | "resolved",
  now: number,
) {
  return {
    id: row.id,
    status,
    error: { code: row.errorCode, message: row.message },
    lastReportedAt: new Date(now).toISOString(),
  };
}

/** Codes among `codes` that are not an ongoing issue of the connection yet: reporting them is news. */
export function ongoingIssueCodes(connectionId: string, codes: readonly string[]): SQL {
  return sql`SELECT error_code AS code FROM issues WHERE connection_id = ${connectionId} AND status = 'ongoing'
    AND error_code IN (SELECT value FROM json_each(${JSON.stringify(codes)}))`;
}
