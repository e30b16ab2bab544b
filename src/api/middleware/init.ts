import { createMiddleware } from "hono/factory";
import { createDatabase } from "../../db/client";
import type { AppEnv } from "../../env";

/** Puts the drizzle client (built once per isolate, see db/client.ts) on the context for every handler. */
export const init = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", createDatabase(c.env.DB));
  await next();
});
