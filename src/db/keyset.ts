import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

export type SortDirection = "asc" | "desc";

/**
 * The keyset condition "after this sort key": `(a, b) > (x, y)` for ascending order, `<` for
 * descending. SQLite compares row values lexicographically and uses a matching index, so a
 * deep page costs what the first one does (no OFFSET).
 */
export function afterKey(columns: readonly SQLWrapper[], values: readonly unknown[], direction: SortDirection): SQL {
  if (columns.length !== values.length) throw new Error("keyset columns and values differ in length");
  const operator = sql.raw(direction === "asc" ? ">" : "<");
  if (columns.length === 1) return sql`${columns[0]} ${operator} ${values[0]}`;
  const left = sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  );
  const right = sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
  return sql`(${left}) ${operator} (${right})`;
}
