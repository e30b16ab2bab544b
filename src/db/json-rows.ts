import { type SQL, sql } from "drizzle-orm";

/**
 * Rows as one JSON parameter: `SELECT json_extract(value, '$[0]') AS c0, … FROM json_each(?)`.
 * D1 allows 100 bound parameters per statement, so a multi-row VALUES list of a 25-column
 * table carries 4 rows; a JSON array carries a whole page in one parameter.
 */
export function jsonRows(columns: readonly string[], rows: readonly (readonly unknown[])[]): SQL {
  const selects = columns.map((column, index) => sql.raw(`json_extract(value, '$[${index}]') AS ${column}`));
  return sql`SELECT ${sql.join(selects, sql`, `)} FROM json_each(${JSON.stringify(rows)})`;
}

/**
 * `INSERT INTO table (columns) SELECT … FROM json_each(?) WHERE true ON CONFLICT (target) DO UPDATE SET …`:
 * an idempotent upsert of a whole page in one statement. (`WHERE true` resolves SQLite's
 * parsing ambiguity between a SELECT's ON clause and the upsert's ON CONFLICT.)
 */
export function upsertJsonRows(options: {
  table: string;
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  conflict: readonly string[];
  /** The SET clause of DO UPDATE; `excluded.<column>` is the incoming value. Undefined: DO NOTHING. */
  update?: SQL;
}): SQL {
  const insert = sql.raw(`INSERT INTO ${options.table} (${options.columns.join(", ")}) `);
  const conflict = sql.raw(` WHERE true ON CONFLICT (${options.conflict.join(", ")}) DO `);
  const action = options.update ? sql`UPDATE SET ${options.update}` : sql.raw("NOTHING");
  return sql`${insert}${jsonRows(options.columns, options.rows)}${conflict}${action}`;
}

/** `col = excluded.col, …` for the given columns. */
export function takeIncoming(columns: readonly string[]): SQL {
  return sql.raw(columns.map((column) => `${column} = excluded.${column}`).join(", "));
}
