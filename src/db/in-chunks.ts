/**
 * D1 binds at most 100 parameters per statement, so an `IN (…)` over a page of ids (up to the
 * maximum page size + 1) fails past 100 ids. The ids go in chunks that stay below the limit,
 * leaving room for the statement's other parameters.
 */
export const MAX_IN_LIST = 90;

/** Runs `query` once per chunk of ids and concatenates the rows (each id's rows come from one chunk, in order). */
export async function selectInChunks<T>(
  ids: readonly string[],
  query: (chunk: string[]) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += MAX_IN_LIST) {
    rows.push(...(await query(ids.slice(start, start + MAX_IN_LIST))));
  }
  return rows;
}
