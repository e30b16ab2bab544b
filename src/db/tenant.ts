import { eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Environment } from "./schema";

/** A table with the owner columns of every tenant row (schema/columns.ts `tenant`). */
type TenantOwned = { applicationId: SQLiteColumn; environment: SQLiteColumn };

/**
 * The two conditions that keep a query to one tenant's rows (application and environment), to
 * spread into `and(...)`: every query of a tenant-owned table has them.
 */
export function ofTenant(table: TenantOwned, tenant: { applicationId: string; environment: Environment }): [SQL, SQL] {
  return [eq(table.applicationId, tenant.applicationId), eq(table.environment, tenant.environment)];
}
