import { createMiddleware } from "hono/factory";
import { rateLimitApplicationPerSecond, rateLimitConnectionPerSecond } from "../config";
import type { AppEnv, Env } from "../env";
import { ApiError } from "../http/errors";
import { rateLimiter } from "../rate-limit/client";
import { type AdmissionReport, type Limits, localLimiter } from "../rate-limit/local-limiter";
import { retryAfterSeconds } from "../rate-limit/sliding-window";

/**
 * The API's request limits (wire-compat.md, Rate limits): per application, plus per
 * connection on connection-scoped routes. Runs after authentication, and after
 * requireConnection where there is one. Decided in the isolate (local-limiter.ts): no trip on
 * the request's path; the isolate's admissions reach the application's RateLimiter object in the
 * background. Only routes that spread a scope (scopes.ts) or mount it explicitly are limited, so
 * the reference, the admin API and the hosted-flow pages never are.
 */
export const enforceRateLimits = createMiddleware<AppEnv>(async (c, next) => {
  // Set by requireConnection on connection-scoped routes only (the type says always).
  const connection = c.get("connection") as AppEnv["Variables"]["connection"] | undefined;
  const applicationId = c.var.principal.applicationId;
  const limits: Limits = {
    application: rateLimitApplicationPerSecond(c.env),
    connection: rateLimitConnectionPerSecond(c.env),
  };
  const verdict = localLimiter.check(limits, applicationId, connection?.id);
  const report = localLimiter.reportDue(applicationId, limits);
  if (report) c.executionCtx.waitUntil(reconcile(c.env, applicationId, report, c.get("requestId")));
  if (!verdict.allowed) {
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

/** Reports this isolate's admissions and learns the others'. A fault only leaves the isolate on its own counts for a while. */
async function reconcile(env: Env, applicationId: string, report: AdmissionReport, requestId: string): Promise<void> {
  try {
    localLimiter.absorb(applicationId, await rateLimiter(env, applicationId).reconcile(report));
  } catch (error) {
    localLimiter.absorb(applicationId, undefined);
    console.error(
      JSON.stringify({ level: "error", requestId, message: "rate limiter unavailable", error: String(error) }),
    );
  }
}
