import { and, asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Tenant } from "../../context";
import type { Database } from "../../db/client";
import { afterKey, type SortDirection } from "../../db/keyset";
import { type ConnectionRow, type ConnectionStatus, connections } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import type { Decoded } from "../../db/tolerant-rows";
import { connectionRows } from "./rows";

export type ConnectionListFilters = {
  externalId?: string;
  dotNumber?: string;
  tag?: string;
  status?: ConnectionStatus;
  provider?: string;
  /** Inclusive lower bound on updatedAt. */
  updatedAfter?: Date;
  /** Exclusive upper bound on updatedAt. */
  updatedBefore?: Date;
};

/**
 * One page of an application's connections in id (creation) order, `limit + 1` rows so the
 * caller knows whether another page follows. Sorting by id keeps pages stable while
 * connections are updated between requests. Rows are decoded one by one: a row whose stored
 * JSON does not parse comes back as `{ ok: false, id }` and the others are kept.
 */
export async function listConnections(
  db: Database,
  tenant: Tenant,
  filters: ConnectionListFilters,
  page: { limit: number; afterId?: string; order: SortDirection },
): Promise<Decoded<ConnectionRow>[]> {
  const conditions: (SQL | undefined)[] = [
    ...ofTenant(connections, tenant),
    filters.externalId === undefined ? undefined : eq(connections.externalId, filters.externalId),
    filters.status === undefined ? undefined : eq(connections.status, filters.status),
    filters.provider === undefined ? undefined : eq(connections.provider, filters.provider),
    filters.updatedAfter === undefined ? undefined : gte(connections.updatedAt, filters.updatedAfter),
    filters.updatedBefore === undefined ? undefined : lt(connections.updatedAt, filters.updatedBefore),
    filters.tag === undefined
      ? undefined
      : sql`exists (select 1 from json_each(${connections.tags}) where value = ${filters.tag})`,
    filters.dotNumber === undefined
      ? undefined
      : sql`(exists (select 1 from json_each(${connections.company}, '$.dotNumbers') where value = ${filters.dotNumber})
          or exists (select 1 from json_each(${connections.account}, '$.dotNumbers') where value = ${filters.dotNumber}))`,
    page.afterId === undefined ? undefined : afterKey([connections.id], [page.afterId], page.order),
  ];
  const rows = await db
    .select(connectionRows.fields)
    .from(connections)
    .where(and(...conditions))
    .orderBy(page.order === "asc" ? asc(connections.id) : desc(connections.id))
    .limit(page.limit + 1);
  return rows.map(connectionRows.decode);
}
