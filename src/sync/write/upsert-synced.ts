import { type SQL, sql } from "drizzle-orm";
import { upsertJsonRows } from "../../db/json-rows";
import { REFRESHED_COLUMNS, SYNCED_COLUMNS } from "./context";

/**
 * Upsert of synced records keyed on (connection_id, source_id): a record keeps its id and
 * addedAt; its content columns take the incoming values; `modified_at` moves only when the
 * content hash changed (or the record comes back after a deletion at the provider).
 */
export function upsertSynced(table: string, contentColumns: readonly string[], rows: unknown[][]): SQL[] {
  const t = sql.raw(table);
  const assignments = [...contentColumns, ...REFRESHED_COLUMNS].map((column) =>
    sql.raw(`${column} = excluded.${column}`),
  );
  return upsertJsonRows({
    table,
    columns: [...SYNCED_COLUMNS, ...contentColumns],
    rows,
    conflict: ["connection_id", "source_id"],
    update: sql`${sql.join(assignments, sql`, `)},
      modified_at = CASE WHEN ${t}.content_hash IS NOT excluded.content_hash OR ${t}.deleted_at IS NOT NULL
        THEN excluded.modified_at ELSE ${t}.modified_at END,
      content_hash = excluded.content_hash,
      deleted_at = NULL,
      visibility = CASE WHEN ${t}.deleted_at IS NOT NULL THEN 'visible' ELSE ${t}.visibility END`,
  });
}
