import { and, asc, eq } from "drizzle-orm";
import type { Tenant } from "../../context";
import type { Database } from "../../db/client";
import { afterKey } from "../../db/keyset";
import { type UsageRecordRow, usageRecords } from "../../db/schema";
import { ofTenant } from "../../db/tenant";

/**
 * One page of an application's usage records for a month, in (connection, vehicle) order,
 * `limit + 1` rows. Served by the table's primary key, so every page is an index range scan.
 * Deliberately not joined with connections: the usage of a deleted connection is still billed
 * and listed under its id (the deletion sweep keeps usage records).
 */
export function listUsage(
  db: Database,
  tenant: Tenant,
  month: string,
  page: { limit: number; after?: readonly [string, string] },
): Promise<UsageRecordRow[]> {
  return db
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
    .limit(page.limit + 1);
}
