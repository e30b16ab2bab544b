import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * `column IN (the given values)` with one bound parameter (a JSON array), so a page of 500
 * records referencing a thousand others stays within D1's 100 parameters per statement.
 */
export function inList(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}

/** The distinct ids among references that may be absent. */
export const distinctIds = (ids: Iterable<string | null | undefined>) => [
  ...new Set([...ids].filter((id): id is string => typeof id === "string")),
];
