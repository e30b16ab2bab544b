import { and } from "drizzle-orm";
import type { Tenant } from "../../context";
import type { Database } from "../../db/client";
import { distinctIds, inList } from "../../db/in-list";
import { type ConnectionRow, connections } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import { decodedById } from "../../lib/bad-rows";
import { connectionRows } from "./rows";

/**
 * The tenant's connections among the given ids, for `expand=connection`: ONE query (an IN
 * list), inside the caller's tenant, so a reference can never reach another customer's data.
 * A connection whose stored JSON does not parse is reported and left out: the reference to it
 * stays an id.
 */
export async function loadConnections(
  db: Database,
  tenant: Tenant,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, ConnectionRow>> {
  const wanted = distinctIds(ids);
  if (wanted.length === 0) return new Map();
  return decodedById(
    "connections",
    (
      await db
        .select(connectionRows.fields)
        .from(connections)
        .where(and(...ofTenant(connections, tenant), inList(connections.id, wanted)))
    ).map(connectionRows.decode),
  );
}
