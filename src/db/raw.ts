import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

// Raw SQL statements (json_each upserts, row-value comparisons) go to D1 directly: drizzle's
// batch takes only query builders. The dialect only renders SQL to text and parameters; a
// query builder renders the same way (its values through their columns' encoders), so raw
// statements and builders can share one batch.
const dialect = new SQLiteAsyncDialect();

/** Statements made by `prerenderedSql`, with their text and parameters. */
const prerendered = new WeakMap<SQL, { sql: string; params: unknown[] }>();

/**
 * A statement whose text (with `?` placeholders) and parameters are already known, as an SQL
 * that `prepare` and the batches take like any other. For hot paths only: the time series'
 * multi-row upserts carry hundreds of values a page, and drizzle's rendering of them cost more
 * CPU than building the text. Render it nowhere else (its SQL is the bare text).
 */
export function prerenderedSql(text: string, params: unknown[]): SQL {
  const statement = sql.raw(text);
  prerendered.set(statement, { sql: text, params });
  return statement;
}

export function prepare(d1: D1Database, statement: SQLWrapper): D1PreparedStatement {
  const query = prerendered.get(statement.getSQL()) ?? dialect.sqlToQuery(statement.getSQL());
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
