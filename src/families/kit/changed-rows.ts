import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { afterKey } from "../../db/keyset";
import type { Decoded } from "../../db/tolerant-rows";
import type { RawEntry } from "../../model/normalized";
import type { DeliveryWindow } from "./delivery";
import { type KeyPage, type ReadRow, readColumns } from "./read";

/** A table kept one row per key within a connection, whose rows say when their content last changed. */
type ChangeTrackedTable = SQLiteTable & {
  connectionId: SQLiteColumn;
  modifiedAt: SQLiteColumn;
  raw: SQLiteColumn;
  $inferSelect: { raw: RawEntry };
};

/**
 * The reader of a table's rows modified in a delivery's window, in the order of its key columns
 * (a prefix of an index after `connection_id`, so the scan walks that index and a page resumes
 * where the last one stopped), whatever the visibility of the records they belong to: a vehicle's
 * latest location changes for the destination even while the vehicle is hidden here.
 */
export function changedRows<T extends ChangeTrackedTable>(table: T, keyColumns: readonly SQLiteColumn[]) {
  type Row = ReadRow<T["$inferSelect"]>;
  return async (db: Database, connectionId: string, window: DeliveryWindow, page: KeyPage): Promise<Decoded<Row>[]> => {
    const rows = await db
      .select(readColumns(table, page.raw))
      .from(table as SQLiteTable)
      .where(
        and(
          eq(table.connectionId, connectionId),
          gte(table.modifiedAt, window.from),
          lt(table.modifiedAt, window.to),
          page.after === undefined ? undefined : afterKey(keyColumns, page.after.map(String), "asc"),
        ),
      )
      .orderBy(...keyColumns.map((column) => asc(column)))
      .limit(page.limit + 1);
    return rows.map((row) => ({ ok: true, row: row as unknown as Row }));
  };
}
