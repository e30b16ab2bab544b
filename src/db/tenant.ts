import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Tenant } from "../context";

/** The rows of one tenant: its application's, in its environment (the `tenant` columns of db/schema/columns.ts). */
export function ownedBy(table: { applicationId: SQLiteColumn; environment: SQLiteColumn }, tenant: Tenant): SQL {
  return and(eq(table.applicationId, tenant.applicationId), eq(table.environment, tenant.environment)) as SQL;
}
