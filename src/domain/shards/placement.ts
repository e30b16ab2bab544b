import type { ServiceContext } from "../../context";
import { shardD1 } from "../../db/shards";
import type { Env } from "../../env";
import { shardDirectory } from "./directory";

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
export async function placeConnection(context: ServiceContext): Promise<string> {
  const open = (await shardDirectory(context)).filter((shard) => shard.status === "open");
  const bytes = await Promise.all(open.map((shard) => shardBytes(context.env, shard.name)));
  return chooseShard(open.map((shard, index) => ({ ...shard, bytes: bytes[index] as number })));
}

/** A shard's size in bytes, as D1 reports it with every result (`meta.size_after`). */
export async function shardBytes(env: Env, name: string): Promise<number> {
  const result = await shardD1(env, name).prepare("SELECT 1").run();
  return result.meta.size_after ?? 0;
}
