import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { rateLimiter } from "../rate-limit/client";
import { retryAfterSeconds, type Verdict } from "../rate-limit/sliding-window";

/**
 * The API's request limits (wire-compat.md, Rate limits): per application, plus per
 * connection on connection-scoped routes. Runs after authentication, and after
 * requireConnection where there is one, with one call to the application's RateLimiter.
 * Only routes that spread a scope (scopes.ts) or mount it explicitly are limited, so the
 * reference, the admin API and the hosted-flow pages never are.
 */
export const enforceRateLimits = createMiddleware<AppEnv>(async (c, next) => {
  // Set by requireConnection on connection-scoped routes only (the type says always).
  const connection = c.get("connection") as AppEnv["Variables"]["connection"] | undefined;
  let verdict: Verdict | undefined;
  try {
    verdict = await rateLimiter(c.env, c.var.principal.applicationId).check(
      connection ? { connectionId: connection.id } : {},
    );
  } catch (error) {
    // A fault of the limiter must not take the API down with it: the request goes through.
    console.error(
      JSON.stringify({
        level: "error",
        requestId: c.get("requestId"),
        message: "rate limiter unavailable",
        error: String(error),
      }),
    );
  }
  if (verdict && !verdict.allowed) {
    const retryAfter = retryAfterSeconds(verdict.retryAfterMs);
    const scope = connection ? "this connection or application" : "this application";
    throw new ApiError(
      "too_many_requests",
      `Too many requests for ${scope}; retry after ${retryAfter} second${retryAfter === 1 ? "" : "s"}.`,
      { retryAfter },
    );
  }
  await next();
});
