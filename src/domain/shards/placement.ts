import { ne, sql } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { connections, shards } from "../../db/schema";
import { shardD1, shardNames } from "../../db/shards";
import type { Env } from "../../env";

/** No shard is open: every bound shard was closed by an operator (or none is bound). */
export class NoOpenShardError extends Error {
  constructor() {
    super("No data shard is open for new connections: open one (PATCH /admin/v1/shards/{name}) or add one.");
    this.name = "NoOpenShardError";
  }
}

export type ShardLoad = { name: string; bytes: number; connections: number };

/**
 * The placement rule: a new connection goes to the open shard with the fewest bytes, ties
 * broken by the fewest connections, then by name. Bytes are what fills a shard up (its 10 GB);
 * connections break the tie between empty shards, so a fresh deployment spreads its first
 * connections instead of piling them on one.
 */
export function chooseShard(open: readonly ShardLoad[]): string {
  const [first] = [...open].sort(
    (a, b) => a.bytes - b.bytes || a.connections - b.connections || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  if (!first) throw new NoOpenShardError();
  return first.name;
}

/** The shard a new connection goes to: the open shards' sizes and connection counts, read at once, then the rule. */
export async function placeConnection({ db, env }: ServiceContext): Promise<string> {
  const [directory, counts] = await db.batch([
    db.select({ name: shards.name, status: shards.status }).from(shards),
    db
      .select({ shard: connections.shard, count: sql<number>`count(*)` })
      .from(connections)
      .where(ne(connections.status, "deleted"))
      .groupBy(connections.shard),
  ]);
  const closed = new Set(directory.filter((row) => row.status === "closed").map((row) => row.name));
  const open = shardNames(env).filter((name) => !closed.has(name));
  const bytes = await Promise.all(open.map((name) => shardBytes(env, name)));
  return chooseShard(
    open.map((name, index) => ({
      name,
      bytes: bytes[index] as number,
      connections: counts.find((row) => row.shard === name)?.count ?? 0,
    })),
  );
}

/** A shard's size in bytes, as D1 reports it with every result (`meta.size_after`). */
export async function shardBytes(env: Env, name: string): Promise<number> {
  const result = await shardD1(env, name).prepare("SELECT 1").run();
  return result.meta.size_after ?? 0;
}
