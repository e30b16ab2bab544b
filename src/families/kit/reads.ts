import type { z } from "@hono/zod-openapi";
import { getTableName, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Decoded } from "../../db/tolerant-rows";
import type { CursorKey } from "../../lib/cursor";
import {
  getRecord,
  type KeyPage,
  listRecords,
  loadRecords,
  type RecordListFilters,
  type RecordOf,
  type SyncedTable,
} from "./read";

/** A reference `expand` can turn into records: the table they are in, and the ids a row references. */
export type Expansion<Row> = { table: SyncedTable; ids: (row: Row) => Iterable<string | null | undefined> };
export type Expansions<Row> = Record<string, Expansion<Row>>;

/** The records loaded for the expansions a request named, by expansion name. */
export type Expanded<X extends Expansions<any>> = {
  [K in keyof X]?: ReadonlyMap<string, RecordOf<X[K]["table"]>>;
};

/** How a family's records are read and presented: what its list and get routes share. */
export type Reads<Row, Filters, X extends Expansions<Row>, S extends z.ZodType> = {
  /** The table a row that cannot be presented is reported under. */
  table: string;
  /** The record's response schema: every answer is parsed by it. */
  schema: S;
  /** `limit + 1` rows of the connection after the page's key. */
  list: (db: Database, connectionId: string, filters: Filters, page: KeyPage) => Promise<Decoded<Row>[]>;
  /** One row by id, whatever its visibility (families with a get route). */
  get?: (db: Database, connectionId: string, id: string, raw: boolean) => Promise<Row | undefined>;
  /** The cursor key of a row: its id, unless the family pages by other columns. */
  keyOf: (row: Row, filters: Filters) => CursorKey;
  /** The order the filters choose, when a family has several: a cursor of one means nothing in another. */
  order?: (filters: Filters) => string;
  expand: X;
  present: (row: Row, options: { raw: boolean; expanded: Expanded<X> }) => z.output<S>;
};

/** The reads of a family of synced records (db/schema/columns.ts): id-keyed, visibility-filtered. */
export function syncedReads<
  T extends SyncedTable,
  X extends Expansions<RecordOf<T>>,
  S extends z.ZodType,
  F extends RecordListFilters = RecordListFilters,
>(spec: {
  table: T;
  schema: S;
  expand: X;
  present: Reads<RecordOf<T>, F, X, S>["present"];
  /** The family's own list conditions, beyond the shared ones. */
  where?: (filters: F) => (SQL | undefined)[];
}): Reads<RecordOf<T>, F, X, S> & Required<Pick<Reads<RecordOf<T>, F, X, S>, "get">> {
  const { table, where } = spec;
  return {
    table: getTableName(table),
    schema: spec.schema,
    list: (db, connectionId, filters, page) =>
      listRecords(db, table, connectionId, filters, page, ...(where?.(filters) ?? [])),
    get: (db, connectionId, id, raw) => getRecord(db, table, connectionId, id, raw),
    keyOf: (row) => [row.id],
    expand: spec.expand,
    present: spec.present,
  };
}

/** Loads, for the rows of a page, the records of each expansion `expand` names (comma-separated), in parallel. */
export async function loadExpanded<Row, X extends Expansions<Row>>(
  db: Database,
  connectionId: string,
  expansions: X,
  named: string | undefined,
  rows: readonly Row[],
): Promise<Expanded<X>> {
  const wanted = new Set(named?.split(","));
  const loaded = await Promise.all(
    Object.entries(expansions)
      .filter(([name]) => wanted.has(name))
      .map(async ([name, { table, ids }]) => {
        const referenced = rows.flatMap((row) => [...ids(row)]);
        return [name, await loadRecords(db, table, connectionId, referenced)] as const;
      }),
  );
  return Object.fromEntries(loaded) as unknown as Expanded<X>;
}
