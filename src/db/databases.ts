import type { Env } from "../env";
import { createDatabase, type Database } from "./client";
import { shardD1 } from "./shards";

/**
 * The one place that hands out databases. The control database (`DB`) holds what is global:
 * applications, keys, members, connections and their tokens, link, webhooks, idempotency, the
 * shard directory. A connection's data shard (`DATA_<NAME>`, shards.ts) holds what belongs to
 * it: synced records, syncs, issues, usage. The connection row names its shard; nothing guesses one.
 */
export function controlD1(env: Pick<Env, "DB">): D1Database {
  return env.DB;
}

/** The drizzle client over the control database. */
export function controlDatabase(env: Pick<Env, "DB">): Database {
  return createDatabase(controlD1(env));
}

/** The D1 database of the shard that holds a connection's data. */
export function connectionD1(env: Env, connection: { shard: string }): D1Database {
  return shardD1(env, connection.shard);
}

/** The drizzle client over the shard that holds a connection's data. */
export function connectionDatabase(env: Env, connection: { shard: string }): Database {
  return createDatabase(connectionD1(env, connection));
}

/** The drizzle client over shard `name` (moves, the deletion sweep, the operator's figures). */
export function shardDatabase(env: Env, name: string): Database {
  return createDatabase(shardD1(env, name));
}
