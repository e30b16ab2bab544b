import { sql } from "drizzle-orm";
import { controlD1 } from "../../../db/databases";
import { runBatch } from "../../../db/raw";
import type { ConnectionMoveRow, MoveCursor } from "../../../db/schema";
import { shardD1 } from "../../../db/shards";
import type { Env } from "../../../env";
import { MOVED_TABLES } from "./tables";

/** Rows one statement of the clean-up removes from the source. */
export const CLEAN_BATCH_ROWS = 500;

/**
 * One batch of the clean-up: removes up to CLEAN_BATCH_ROWS of the connection's rows of the
 * table at `cursor` from the source (where nothing reads them any more). A statement removing
 * fewer has emptied the table. Answers the rows removed, the cursor after, and `done` past the last table.
 */
export async function cleanBatch(
  env: Env,
  move: ConnectionMoveRow,
  cursor: MoveCursor,
): Promise<{ removed: number; next: MoveCursor; done: boolean }> {
  const table = MOVED_TABLES[cursor.table];
  if (!table) return { removed: 0, next: cursor, done: true };
  const name = sql.raw(table.name);
  const [result] = await runBatch(shardD1(env, move.source), [
    sql`DELETE FROM ${name} WHERE rowid IN (SELECT rowid FROM ${name}
      WHERE connection_id = ${move.connectionId} LIMIT ${CLEAN_BATCH_ROWS})`,
  ]);
  const removed = result?.meta.changes ?? 0;
  const next: MoveCursor = removed < CLEAN_BATCH_ROWS ? { table: cursor.table + 1, after: null } : cursor;
  const done = next.table >= MOVED_TABLES.length;
  const now = Date.now();
  await runBatch(controlD1(env), [
    done
      ? sql`UPDATE connection_moves SET status = 'completed', completed_at = ${now}, updated_at = ${now},
            cursor = ${JSON.stringify(next)}, rows_removed = rows_removed + ${removed}
          WHERE id = ${move.id} AND status = 'cleaning'`
      : sql`UPDATE connection_moves SET cursor = ${JSON.stringify(next)}, rows_removed = rows_removed + ${removed},
            updated_at = ${now}
          WHERE id = ${move.id} AND status = 'cleaning'`,
  ]);
  return { removed, next, done };
}
