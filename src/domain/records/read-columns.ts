import { getTableColumns, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { tolerantSelection } from "../../db/tolerant-rows";
import type { RawEntry } from "../../model/normalized";

/** A synced record as reads return it: `raw` is null unless the caller asked for raw payloads. */
export type ReadRow<Row extends { raw: RawEntry }> = Omit<Row, "raw"> & { raw: RawEntry | null };

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
export function readRows<T extends SQLiteTable & { raw: SQLiteColumn; $inferSelect: { id: string; raw: RawEntry } }>(
  table: T,
  raw: boolean,
) {
  return tolerantSelection<ReadRow<T["$inferSelect"]>>(readColumns(table, raw));
}
