import { and, asc, eq, getTableColumns, getTableName, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { distinctIds, inList } from "../../db/in-list";
import { afterKey } from "../../db/keyset";
import type { Visibility } from "../../db/schema";
import { type Decoded, tolerantSelection } from "../../db/tolerant-rows";
import { decodedById, decodedOrThrow } from "../../lib/bad-rows";
import type { CursorKey } from "../../lib/cursor";
import type { RawEntry } from "../../model/normalized";

/** A synced record as reads return it: `raw` is null unless the caller asked for raw payloads. */
export type ReadRow<Row extends { raw: RawEntry }> = Omit<Row, "raw"> & { raw: RawEntry | null };

/** A table of synced records: the columns of db/schema/columns.ts `syncedColumns`. */
export type SyncedTable = SQLiteTable & {
  id: SQLiteColumn;
  connectionId: SQLiteColumn;
  visibility: SQLiteColumn;
  modifiedAt: SQLiteColumn;
  raw: SQLiteColumn;
  $inferSelect: { id: string; raw: RawEntry };
};

/** A record of a synced table as reads return it. */
export type RecordOf<T extends SyncedTable> = ReadRow<T["$inferSelect"]> & { id: string };

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

/** A page to read: its size, the key of the last row of the previous page, and whether rows carry their raw payload. */
export type KeyPage = { limit: number; after?: CursorKey; raw: boolean };

const HIDDEN: readonly Visibility[] = ["hidden_by_exclude_list", "hidden_by_include_list", "hidden_by_status"];

/** Visible records only, unless the caller asks for the hidden or deleted ones too. */
export function visibilitiesFor(filters: { hidden?: boolean; deleted?: boolean }): Visibility[] {
  return ["visible", ...(filters.hidden ? HIDDEN : []), ...(filters.deleted ? (["deleted"] as const) : [])];
}

/**
 * The columns of a synced record table for a read: every one, but the raw provider payload
 * (much the largest column) only when the caller asked for raw payloads, NULL otherwise.
 * Carrying it from D1 and decoding it for every row of every page was the largest single
 * cost of a list request (`npm run bench:read`).
 */
export function readColumns<T extends SQLiteTable & { raw: SQLiteColumn }>(table: T, raw: boolean) {
  return {
    ...getTableColumns(table),
    raw: raw ? sql<RawEntry | null>`${table.raw}`.mapWith(table.raw) : sql<RawEntry | null>`NULL`,
  };
}

/**
 * readColumns, decoded row by row (db/tolerant-rows.ts): a record whose JSON does not parse
 * comes back as `{ ok: false, id }` instead of failing the read of every other row.
 */
export function readRows<T extends SyncedTable>(table: T, raw: boolean) {
  let selections = readSelections.get(table);
  if (!selections) {
    selections = new Map();
    readSelections.set(table, selections);
  }
  let selection = selections.get(raw);
  if (!selection) {
    selection = tolerantSelection<RecordOf<SyncedTable>>(readColumns(table, raw));
    selections.set(raw, selection);
  }
  return selection as unknown as ReturnType<typeof tolerantSelection<RecordOf<T>>>;
}

/** readRows' selections, built once per table and isolate (a read's hot path). */
const readSelections = new WeakMap<
  SyncedTable,
  Map<boolean, ReturnType<typeof tolerantSelection<RecordOf<SyncedTable>>>>
>();

/**
 * One page of a connection's records in id order, `limit + 1` rows: owner, visibility,
 * modification window, the family's own conditions and the keyset position, served by the
 * table's (connection_id, id) index.
 */
export async function listRecords<T extends SyncedTable>(
  db: Database,
  table: T,
  connectionId: string,
  filters: RecordListFilters,
  page: KeyPage,
  ...extra: (SQL | undefined)[]
): Promise<Decoded<RecordOf<T>>[]> {
  const { fields, decodeValues } = readRows(table, page.raw);
  const rows = await db
    .select(fields)
    .from(table as SQLiteTable)
    .where(
      and(
        eq(table.connectionId, connectionId),
        inArray(table.visibility, visibilitiesFor(filters)),
        filters.modifiedAfter === undefined ? undefined : gte(table.modifiedAt, filters.modifiedAfter),
        filters.modifiedBefore === undefined ? undefined : lt(table.modifiedAt, filters.modifiedBefore),
        ...extra,
        page.after === undefined ? undefined : afterKey([table.id], [String(page.after[0])], "asc"),
      ),
    )
    .orderBy(asc(table.id))
    .limit(page.limit + 1)
    .values();
  return rows.map(decodeValues);
}

/**
 * One record of the caller's connection by id, whatever its visibility (a hidden or deleted
 * record stays readable by id). A record of another connection is simply not found. A record
 * whose stored JSON does not parse is reported and thrown (UnpresentableRowError: a 500).
 */
export async function getRecord<T extends SyncedTable>(
  db: Database,
  table: T,
  connectionId: string,
  id: string,
  raw: boolean,
): Promise<RecordOf<T> | undefined> {
  const { fields, decodeValues } = readRows(table, raw);
  const [row] = await db
    .select(fields)
    .from(table as SQLiteTable)
    .where(and(eq(table.connectionId, connectionId), eq(table.id, id)))
    .limit(1)
    .values();
  return row && decodedOrThrow(getTableName(table), decodeValues(row));
}

/**
 * The records a page references, for `expand`: ONE query for the whole page (an IN list),
 * never one per row, inside the caller's connection, so a reference can never reach another
 * customer's data. A referenced record whose stored JSON does not parse is reported and left
 * out: the reference to it stays an id.
 */
export async function loadRecords<T extends SyncedTable>(
  db: Database,
  table: T,
  connectionId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, RecordOf<T>>> {
  const wanted = distinctIds(ids);
  if (wanted.length === 0) return new Map();
  const { fields, decodeValues } = readRows(table, false);
  const rows = await db
    .select(fields)
    .from(table as SQLiteTable)
    .where(and(eq(table.connectionId, connectionId), inList(table.id, wanted)))
    .values();
  return decodedById(getTableName(table), rows.map(decodeValues));
}
