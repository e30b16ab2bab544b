import { createMiddleware } from "hono/factory";
import { createDatabase } from "../../db/client";
import type { AppEnv } from "../../env";

/** Builds the cheap per-request objects (the drizzle client) once, before any handler needs them. */
export const init = createMiddleware<AppEnv>(async (c, next) => {
  c.set("db", createDatabase(c.env.DB));
  await next();
});
