import { type SQL, sql } from "drizzle-orm";
import { upsertJsonRows } from "../../db/json-rows";

/**
 * The upsert of a page of a live location snapshot (latest vehicle or trailer locations): one
 * row per keyed record, replaced only by a position at least as recent (a sync's page read
 * before an on-demand refresh does not take the record back in time); `added_at` stays and
 * `modified_at` moves only when the content hash changed. Rows whose `located_at` is not a
 * finite time are left out; `where` keeps the rows of records visible in the connection.
 */
export function upsertSnapshot(options: {
  table: string;
  /** The record's key column beside `connection_id`. */
  key: string;
  columns: readonly string[];
  rows: unknown[][];
  where: (column: (name: string) => SQL) => SQL;
}): SQL[] {
  const { table, key, columns } = options;
  const t = sql.raw(table);
  const locatedAt = columns.indexOf("located_at");
  const replaced = columns
    .filter((column) => !["connection_id", key, "added_at", "modified_at"].includes(column))
    .map((column) => sql.raw(`${column} = excluded.${column}`));
  return upsertJsonRows({
    table,
    columns: [...columns],
    rows: options.rows.filter((row) => Number.isFinite(row[locatedAt])),
    conflict: ["connection_id", key],
    where: options.where,
    update: sql`${sql.join(replaced, sql`, `)},
      modified_at = CASE WHEN ${t}.content_hash IS NOT excluded.content_hash
        THEN excluded.modified_at ELSE ${t}.modified_at END
      WHERE excluded.located_at >= ${t}.located_at`,
  });
}
