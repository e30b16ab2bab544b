import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = DrizzleD1Database<typeof schema>;

/** A drizzle client over the D1 binding. Cheap: build one per request or per queue batch. */
export function createDatabase(d1: D1Database): Database {
  return drizzle(d1, { schema });
}
