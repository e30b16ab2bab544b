import type { Env } from "../env";

/**
 * The data shards are the Worker's D1 bindings named `DATA_<NAME>`: shard `a` is `DATA_A`.
 * Bindings are fixed at deploy time, so the set of shards is read from the environment, and a
 * binding added by a deploy is a shard from its first request (the directory in the control
 * database only records what an operator decided about one: src/domain/shards/).
 */
const SHARD_BINDING = /^DATA_([A-Z0-9_]+)$/;

/** A shard's name as the API shows it (lower case), from its binding's. */
export const SHARD_NAME = /^[a-z0-9_]{1,32}$/;

/** Every shard bound to this Worker, by name, in name order. */
export function shardNames(env: Env): string[] {
  const names: string[] = [];
  for (const key of Object.keys(env)) {
    const match = SHARD_BINDING.exec(key);
    if (match && isD1((env as unknown as Record<string, unknown>)[key])) names.push((match[1] as string).toLowerCase());
  }
  return names.sort();
}

export function isShard(env: Env, name: string): boolean {
  return SHARD_NAME.test(name) && isD1(binding(env, name));
}

/** The D1 database of shard `name`. A name that is not bound is a deployment fault, never a client's. */
export function shardD1(env: Env, name: string): D1Database {
  const database = binding(env, name);
  if (!isD1(database)) throw new ShardNotBoundError(name);
  return database;
}

/** A connection names a shard this Worker has no binding for: wrangler.toml lost a binding still in use. */
export class ShardNotBoundError extends Error {
  constructor(readonly shard: string) {
    super(`The data shard "${shard}" has no binding DATA_${shard.toUpperCase()} in this deployment.`);
    this.name = "ShardNotBoundError";
  }
}

function binding(env: Env, name: string): unknown {
  return (env as unknown as Record<string, unknown>)[`DATA_${name.toUpperCase()}`];
}

function isD1(value: unknown): value is D1Database {
  return typeof value === "object" && value !== null && typeof (value as D1Database).prepare === "function";
}
