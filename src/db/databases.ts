import type { Env } from "../env";
import { createDatabase, type Database } from "./client";

/**
 * The one place that hands out databases. The control database holds what is global
 * (applications, keys, members, connections and their tokens, link, webhooks, idempotency,
 * usage); a connection's data database holds what its syncs write. Today both are the D1
 * binding `DB`: splitting connection data into shards changes this module only, because no
 * other module reads a D1 binding.
 */
export function controlD1(env: Pick<Env, "DB">): D1Database {
  return env.DB;
}

/** The drizzle client over the control database. */
export function controlDatabase(env: Pick<Env, "DB">): Database {
  return createDatabase(controlD1(env));
}

/** The D1 database that holds a connection's synced data. */
export function connectionD1(env: Pick<Env, "DB">, _connection: { id: string }): D1Database {
  return env.DB;
}

/** The drizzle client over the database that holds a connection's synced data. */
export function connectionDatabase(env: Pick<Env, "DB">, connection: { id: string }): Database {
  return createDatabase(connectionD1(env, connection));
}
