import { type SQL, sql } from "drizzle-orm";

/**
 * Rows as one JSON parameter: `SELECT json_extract(value, '$[0]') AS c0, … FROM json_each(?)`.
 * D1 allows 100 bound parameters per statement, so a multi-row VALUES list of a 25-column
 * table carries 4 rows; a JSON array carries a whole page in one parameter.
 */
function jsonRowsOf(columns: readonly string[], json: string): SQL {
  const selects = columns.map((column, index) => sql`${incomingValue(index)} AS ${sql.raw(column)}`);
  return sql`SELECT ${sql.join(selects, sql`, `)} FROM json_each(${json})`;
}

type UpsertOptions = {
  table: string;
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  /** The conflict target; "replace": INSERT OR REPLACE, a row conflicting on any unique key is replaced whole. */
  conflict: readonly string[] | "replace";
  /** The SET clause of DO UPDATE; `excluded.<column>` is the incoming value. Undefined: DO NOTHING. */
  update?: SQL;
  /**
   * Which incoming rows are written, as a condition on their columns (`column(name)` is the
   * incoming value of a column of `columns`), checked in the statement itself so that the write
   * needs no read before it. Undefined: every row.
   */
  where?: (column: (name: string) => SQL) => SQL;
};

/** An incoming row's value of column `index`, in the statement over json_each's `value`. */
const incomingValue = (index: number) => sql.raw(`json_extract(value, '$[${index}]')`);

/**
 * `INSERT INTO table (columns) SELECT … FROM json_each(?) WHERE <where or true> ON CONFLICT (target) DO UPDATE SET …`.
 * (The WHERE clause, `true` when no condition is given, resolves SQLite's parsing ambiguity between a SELECT's ON clause and the
 * upsert's ON CONFLICT.)
 */
function upsertStatement(options: UpsertOptions, json: string): SQL {
  const column = (name: string) => {
    const index = options.columns.indexOf(name);
    if (index < 0) throw new Error(`${options.table} has no incoming column ${name}`);
    return incomingValue(index);
  };
  const where = options.where ? sql` WHERE ${options.where(column)}` : sql.raw(" WHERE true");
  if (options.conflict === "replace") {
    const replace = sql.raw(`INSERT OR REPLACE INTO ${options.table} (${options.columns.join(", ")}) `);
    return sql`${replace}${jsonRowsOf(options.columns, json)}${where}`;
  }
  const insert = sql.raw(`INSERT INTO ${options.table} (${options.columns.join(", ")}) `);
  const conflict = sql.raw(` ON CONFLICT (${options.conflict.join(", ")}) DO `);
  const action = options.update ? sql`UPDATE SET ${options.update}` : sql.raw("NOTHING");
  return sql`${insert}${jsonRowsOf(options.columns, json)}${where}${conflict}${action}`;
}

/**
 * Characters of JSON one statement carries at most. D1 refuses a string parameter over
 * 2,000,000 bytes; a character is at most 3 bytes of UTF-8, so this stays under it whatever
 * the text, with room to spare for ASCII.
 */
export const MAX_JSON_PARAMETER_CHARS = 600_000;

/**
 * An idempotent upsert of a page of rows, in as many statements as keep each one's JSON
 * parameter within MAX_JSON_PARAMETER_CHARS: one for a usual page, more for a page of large
 * raw payloads. Run in one batch, they are still one transaction. Each row is serialized once.
 */
export function upsertJsonRows(options: UpsertOptions): SQL[] {
  const statements: SQL[] = [];
  let part: string[] = [];
  let chars = 2;
  const flush = () => {
    if (part.length > 0) statements.push(upsertStatement(options, `[${part.join(",")}]`));
    part = [];
    chars = 2;
  };
  for (const row of options.rows) {
    const json = JSON.stringify(row);
    if (part.length > 0 && chars + json.length + 1 > MAX_JSON_PARAMETER_CHARS) flush();
    part.push(json);
    chars += json.length + 1;
  }
  flush();
  return statements;
}

/** `col = excluded.col, …` for the given columns. */
export function takeIncoming(columns: readonly string[]): SQL {
  return sql.raw(columns.map((column) => `${column} = excluded.${column}`).join(", "));
}
