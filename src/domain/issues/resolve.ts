import { and, eq, sql } from "drizzle-orm";
import type { Tenant } from "../../context";
import { shardDatabase } from "../../db/databases";
import { type IssueRow, issues } from "../../db/schema";
import { shardNames } from "../../db/shards";
import { ofTenant } from "../../db/tenant";
import type { Env } from "../../env";
import { DomainError } from "../../errors";

/**
 * Marks one of the application's issues resolved: the application fixed the cause and says so.
 * Resolving a resolved issue changes nothing (its `resolvedAt` stays). The issue reopens, the same
 * issue, if a later sync reports its problem again (sync/write/issues.ts). Issues live on the data
 * shards, so every shard is asked at once; during a move the connection's rows are on two, and
 * both are updated.
 */
export async function resolveIssue(env: Env, tenant: Tenant, issueId: string): Promise<IssueRow> {
  const now = new Date();
  const updated = await Promise.all(
    shardNames(env).map((name) =>
      shardDatabase(env, name)
        .update(issues)
        .set({
          status: "resolved",
          resolvedAt: sql`CASE WHEN ${issues.status} = 'resolved' THEN ${issues.resolvedAt} ELSE ${now.getTime()} END`,
        })
        .where(and(eq(issues.id, issueId), ...ofTenant(issues, tenant)))
        .returning(),
    ),
  );
  const [row] = updated.flat();
  if (!row) throw new DomainError("not_found", "No issue with this id in this application and environment.");
  return row;
}
