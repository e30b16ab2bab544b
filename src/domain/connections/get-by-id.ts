import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type ConnectionRow, connections, type Environment } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { decodedOrThrow } from "../../lib/bad-rows";
import { connectionRows } from "./rows";

/**
 * One connection of a tenant (application and environment) by id; undefined for another
 * tenant's or none. One whose stored JSON does not parse is reported and thrown (UnpresentableRowError).
 */
export async function getConnectionById(
  db: Database,
  tenant: { applicationId: string; environment: Environment },
  id: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select(connectionRows.fields)
    .from(connections)
    .where(and(eq(connections.id, id), ...ofTenant(connections, tenant)))
    .limit(1);
  return row && decodedOrThrow("connections", connectionRows.decode(row));
}
