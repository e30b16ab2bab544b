import { and, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { afterKey } from "../../db/keyset";
import type { Visibility } from "../../db/schema";

/** Filters shared by every list of synced records. */
export type RecordListFilters = {
  /** Inclusive lower bound on metadata.modifiedAt. */
  modifiedAfter?: Date;
  /** Exclusive upper bound on metadata.modifiedAt. */
  modifiedBefore?: Date;
  /** Also list records hidden by the connection's filters. */
  hidden?: boolean;
  /** Also list records deleted at the provider. */
  deleted?: boolean;
};

/** The page a list query reads: `limit + 1` rows after the given id (ids are ULIDs, so insertion never reorders them). */
/** A page to read: its size, where it starts, and whether rows carry their raw payload. */
export type IdPage = { limit: number; afterId?: string; raw?: boolean };

const HIDDEN: readonly Visibility[] = ["hidden_by_exclude_list", "hidden_by_include_list", "hidden_by_status"];

/** Visible records only, unless the caller asks for the hidden or deleted ones too. */
export function visibilitiesFor(filters: { hidden?: boolean; deleted?: boolean }): Visibility[] {
  return ["visible", ...(filters.hidden ? HIDDEN : []), ...(filters.deleted ? (["deleted"] as const) : [])];
}

type SyncedColumns = {
  id: AnySQLiteColumn;
  connectionId: AnySQLiteColumn;
  visibility: AnySQLiteColumn;
  modifiedAt: AnySQLiteColumn;
};

/**
 * The WHERE of a list of one connection's synced records: owner, visibility, modification
 * window and the keyset position. Served by the table's (connection_id, id) index.
 */
export function syncedListCondition(
  table: SyncedColumns,
  connectionId: string,
  filters: RecordListFilters,
  page: IdPage,
  ...extra: (SQL | undefined)[]
): SQL | undefined {
  return and(
    eq(table.connectionId, connectionId),
    inArray(table.visibility, visibilitiesFor(filters)),
    filters.modifiedAfter === undefined ? undefined : gte(table.modifiedAt, filters.modifiedAfter),
    filters.modifiedBefore === undefined ? undefined : lt(table.modifiedAt, filters.modifiedBefore),
    ...extra,
    page.afterId === undefined ? undefined : afterKey([table.id], [page.afterId], "asc"),
  );
}

/**
 * `column IN (the given values)` with one bound parameter (a JSON array), so a page of 500
 * records referencing a thousand others stays within D1's 100 parameters per statement.
 */
export function inList(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}
