import { type SQL, sql } from "drizzle-orm";
import { controlD1 } from "../../../db/databases";
import { upsertJsonRows } from "../../../db/json-rows";
import { queryBatch, runBatch } from "../../../db/raw";
import type { ConnectionMoveRow, MoveCursor } from "../../../db/schema";
import { shardD1 } from "../../../db/shards";
import type { Env } from "../../../env";
import { MOVED_TABLES, type MovedTable } from "./tables";

/** Rows one batch of a copy reads from the source and writes to the target. */
export const COPY_BATCH_ROWS = 200;

type Row = Record<string, unknown>;

/** The table's next `limit` rows of the connection after `after`, in key order (an index range). */
function nextRows(table: MovedTable, connectionId: string, after: readonly unknown[] | null, limit: number): SQL {
  const name = sql.raw(table.name);
  const key = sql.raw(table.key.join(", "));
  const from = after
    ? sql` AND (${key}) > (${sql.join(
        after.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql``;
  return sql`SELECT * FROM ${name} WHERE connection_id = ${connectionId}${from} ORDER BY ${key} LIMIT ${limit}`;
}

/**
 * Counts the rows the copy has to carry (the progress's denominator), once, before the first
 * batch. A count is a scan of the connection's index range in each table: paid once per move.
 */
export async function countRows(env: Env, move: ConnectionMoveRow): Promise<number> {
  const counts = await queryBatch<{ n: number }[]>(
    shardD1(env, move.source),
    MOVED_TABLES.map(
      (table) => sql`SELECT count(*) AS n FROM ${sql.raw(table.name)} WHERE connection_id = ${move.connectionId}`,
    ),
  );
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
}

/**
 * One batch of the copy: the next rows of the table at `cursor`, read from the source and
 * written to the target as they are (INSERT OR REPLACE: a batch redone after a crash writes the
 * same rows again). Answers the rows copied and the cursor after them; `done` once past the
 * last table. Nothing writes the connection's rows on the source meanwhile (its sync object
 * holds its syncs back), so the copy is the source as it stands.
 */
export async function copyBatch(
  env: Env,
  move: ConnectionMoveRow,
  cursor: MoveCursor,
): Promise<{ copied: number; next: MoveCursor; done: boolean }> {
  const table = MOVED_TABLES[cursor.table];
  if (!table) return { copied: 0, next: cursor, done: true };
  const [rows] = await queryBatch<[Row]>(shardD1(env, move.source), [
    nextRows(table, move.connectionId, cursor.after, COPY_BATCH_ROWS),
  ]);
  const first = rows[0];
  if (first) {
    const columns = Object.keys(first);
    const values = rows.map((row) => columns.map((column) => row[column] ?? null));
    await runBatch(
      shardD1(env, move.target),
      table.blobs
        ? replaceWithBlobs(table.name, columns, table.blobs, values)
        : upsertJsonRows({ table: table.name, columns, rows: values, conflict: "replace" }),
    );
  }
  const last = rows.at(-1);
  const next: MoveCursor =
    rows.length < COPY_BATCH_ROWS || !last
      ? { table: cursor.table + 1, after: null }
      : { table: cursor.table, after: table.key.map((column) => last[column] ?? null) };
  return { copied: rows.length, next, done: next.table >= MOVED_TABLES.length };
}

/** D1 binds at most this many parameters per statement. */
const MAX_PARAMETERS = 100;

/** INSERT OR REPLACE of rows with BLOB columns, bound as bytes, as many rows per statement as D1 binds. */
function replaceWithBlobs(
  table: string,
  columns: readonly string[],
  blobs: readonly string[],
  rows: readonly (readonly unknown[])[],
): SQL[] {
  const isBlob = columns.map((column) => blobs.includes(column));
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const statements: SQL[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const tuples = rows.slice(start, start + perStatement).map(
      (row) =>
        sql`(${sql.join(
          row.map((value, index) =>
            isBlob[index] && Array.isArray(value) ? sql`${Uint8Array.from(value as number[])}` : sql`${value}`,
          ),
          sql`, `,
        )})`,
    );
    statements.push(
      sql`INSERT OR REPLACE INTO ${sql.raw(table)} (${sql.raw(columns.join(", "))}) VALUES ${sql.join(tuples, sql`, `)}`,
    );
  }
  return statements;
}

/**
 * Records a batch's progress, only if the move is still where the batch started from: a unit
 * redelivered (or run twice at once) finds the cursor moved on and stops there.
 */
export async function advanceCopy(
  env: Env,
  move: ConnectionMoveRow,
  from: MoveCursor,
  to: MoveCursor,
  copied: number,
): Promise<boolean> {
  const [result] = await runBatch(controlD1(env), [
    sql`UPDATE connection_moves SET cursor = ${JSON.stringify(to)}, rows_copied = rows_copied + ${copied},
        updated_at = ${Date.now()}
      WHERE id = ${move.id} AND status = 'copying' AND cursor = ${JSON.stringify(from)}`,
  ]);
  return result?.meta.changes === 1;
}
