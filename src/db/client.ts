import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = DrizzleD1Database<typeof schema>;

/**
 * Clients already built, by D1 binding. Building one is not free: drizzle derives its
 * relational configuration from the whole schema (about half a millisecond, measured under
 * `npm run bench:read`), which every request paid. The client holds no per-request state.
 */
const clients = new WeakMap<D1Database, Database>();

/** The drizzle client over a D1 binding, built once per binding and isolate. */
export function createDatabase(d1: D1Database): Database {
  let client = clients.get(d1);
  if (!client) {
    client = drizzle(d1, { schema });
    clients.set(d1, client);
  }
  return client;
}
