import type { SQL, SQLWrapper } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

// Raw SQL statements (json_each upserts, row-value comparisons) go to D1 directly: drizzle's
// batch takes only query builders. The dialect only renders SQL to text and parameters; a
// query builder renders the same way (its values through their columns' encoders), so raw
// statements and builders can share one batch.
const dialect = new SQLiteAsyncDialect();

export function prepare(d1: D1Database, statement: SQLWrapper): D1PreparedStatement {
  const query = dialect.sqlToQuery(statement.getSQL());
  return d1.prepare(query.sql).bind(...query.params);
}

/** Runs raw statements (or query builders) as one D1 batch: one transaction, all or nothing. */
export async function runBatch(d1: D1Database, statements: readonly SQLWrapper[]): Promise<D1Result[]> {
  if (statements.length === 0) return [];
  return d1.batch(statements.map((statement) => prepare(d1, statement)));
}

/** Rows of several raw queries in one round trip. */
export async function queryBatch<T extends unknown[]>(
  d1: D1Database,
  statements: { [K in keyof T]: SQL },
): Promise<{ [K in keyof T]: T[K][] }> {
  const results = await d1.batch(statements.map((statement) => prepare(d1, statement)));
  return results.map((result) => result.results) as { [K in keyof T]: T[K][] };
}
