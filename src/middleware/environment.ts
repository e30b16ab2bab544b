import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { matchBaseAddress, urlParts } from "../http/environments";
import { ApiError } from "../http/errors";

/** Sets the environment from the base address the request came to; an address of no environment is not_found. */
export const resolveEnvironment = createMiddleware<AppEnv>(async (c, next) => {
  const base = matchBaseAddress(urlParts(c.req.url), c.env);
  if (!base) throw new ApiError("not_found", "This address is not the base address of any API environment.");
  c.set("environment", base.environment);
  await next();
});
