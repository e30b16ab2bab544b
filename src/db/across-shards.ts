import type { Env } from "../env";
import type { Database } from "./client";
import { shardDatabase } from "./databases";
import { shardNames } from "./shards";

/**
 * One keyset page of an application-wide list whose rows live on every data shard (issues,
 * usage): each shard answers its own first `limit + 1` rows after the cursor, all at once, and
 * the merge in key order keeps the first `limit + 1` of them. The page is exact: the rows of
 * the whole list before the next cursor are among each shard's first `limit + 1`. The time is
 * one round trip (the slowest shard's), the rows read at most shards × (limit + 1).
 */
export async function pageAcrossShards<Row>(
  env: Env,
  limit: number,
  query: (db: Database) => Promise<Row[]>,
  keyOf: (row: Row) => readonly string[],
): Promise<Row[]> {
  const pages = await Promise.all(shardNames(env).map((name) => query(shardDatabase(env, name))));
  const rows = pages.flat();
  if (pages.length > 1) rows.sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
  return rows.slice(0, limit + 1);
}

/** Keys compared column by column, as SQLite orders them: the keys are ASCII ids, where JavaScript's order and BINARY collation agree. */
function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let index = 0; index < a.length; index++) {
    const [left, right] = [a[index] as string, b[index] as string];
    if (left !== right) return left < right ? -1 : 1;
  }
  return 0;
}
