import { and, asc, eq } from "drizzle-orm";
import type { Tenant } from "../../context";
import { pageAcrossShards } from "../../db/across-shards";
import { afterKey } from "../../db/keyset";
import { type UsageRecordRow, usageRecords } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import type { Env } from "../../env";

/**
 * One page of an application's usage records for a month, in (connection, vehicle) order,
 * `limit + 1` rows, from every shard (db/across-shards.ts). Served by the table's primary key, so every page is an index range scan.
 * Deliberately not joined with connections: the usage of a deleted connection is still billed
 * and listed under its id (the deletion sweep keeps usage records).
 */
export function listUsage(
  env: Env,
  tenant: Tenant,
  month: string,
  page: { limit: number; after?: readonly [string, string] },
): Promise<UsageRecordRow[]> {
  return pageAcrossShards(
    env,
    page.limit,
    (db) =>
      db
        .select()
        .from(usageRecords)
        .where(
          and(
            ...ofTenant(usageRecords, tenant),
            eq(usageRecords.month, month),
            page.after ? afterKey([usageRecords.connectionId, usageRecords.vehicleId], page.after, "asc") : undefined,
          ),
        )
        .orderBy(asc(usageRecords.connectionId), asc(usageRecords.vehicleId))
        .limit(page.limit + 1),
    (row) => [row.connectionId, row.vehicleId],
  );
}
