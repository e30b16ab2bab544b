import { and, asc, eq, getTableColumns, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Tenant } from "../../context";
import { pageAcrossShards } from "../../db/across-shards";
import { afterKey } from "../../db/keyset";
import { type IssueRow, issues } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { type Decoded, idOf, tolerantSelection } from "../../db/tolerant-rows";
import type { Env } from "../../env";
import { ISSUE_CODES, type IssueCode } from "../../model/normalized";

export type IssueFilters = {
  connectionId?: string;
  /** A code this service never reports (`manually_disabled`, in the public service's list) matches nothing. */
  errorCode?: IssueCode | "manually_disabled";
  status?: IssueRow["status"];
  /** Inclusive lower bound on lastReportedAt. */
  lastReportedAfter?: Date;
  /** Exclusive upper bound on lastReportedAt. */
  lastReportedBefore?: Date;
};

const issueRows = tolerantSelection<IssueRow>(getTableColumns(issues));

/**
 * One page of the application's issues in this environment, in id order, `limit + 1` rows
 * (issues_tenant_idx): the issues of its connections on every shard, merged (db/across-shards.ts).
 */
export function listIssues(
  env: Env,
  tenant: Tenant,
  filters: IssueFilters,
  page: { limit: number; afterId?: string },
): Promise<Decoded<IssueRow>[]> {
  const conditions: (SQL | undefined)[] = [
    ...ofTenant(issues, tenant),
    filters.connectionId === undefined ? undefined : eq(issues.connectionId, filters.connectionId),
    filters.errorCode === undefined ? undefined : errorCodeIs(filters.errorCode),
    filters.status === undefined ? undefined : eq(issues.status, filters.status),
    filters.lastReportedAfter === undefined ? undefined : gte(issues.lastReportedAt, filters.lastReportedAfter),
    filters.lastReportedBefore === undefined ? undefined : lt(issues.lastReportedAt, filters.lastReportedBefore),
    page.afterId === undefined ? undefined : afterKey([issues.id], [page.afterId], "asc"),
  ];
  return pageAcrossShards(
    env,
    page.limit,
    async (db) =>
      (
        await db
          .select(issueRows.fields)
          .from(issues)
          .where(and(...conditions))
          .orderBy(asc(issues.id))
          .limit(page.limit + 1)
      ).map(issueRows.decode),
    (row) => [idOf(row)],
  );
}

function errorCodeIs(code: IssueCode | "manually_disabled"): SQL {
  const reported = ISSUE_CODES.find((known) => known === code);
  return reported === undefined ? sql`0` : eq(issues.errorCode, reported);
}
