import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shardD1, shardNames } from "../src/db/shards";

// Real migrations on the real (local) D1 databases before the tests of each file: the control
// database's, and the data shards' on every shard bound. Applying twice is a no-op.
await Promise.all([
  applyD1Migrations(env.DB, env.TEST_CONTROL_MIGRATIONS),
  ...shardNames(env).map((name) => applyD1Migrations(shardD1(env, name), env.TEST_DATA_MIGRATIONS)),
]);
