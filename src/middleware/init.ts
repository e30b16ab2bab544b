import { createMiddleware } from "hono/factory";
import { controlDatabase } from "../db/databases";
import type { AppEnv } from "../env";

/** Puts the drizzle client (built once per isolate, see db/client.ts) on the context for every handler. */
export const init = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", controlDatabase(c.env));
  await next();
});
