import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { hashSecret } from "../lib/crypto";

/** The SHIELD binding's period (wrangler.toml): a refused caller is told to wait that long. */
const SHIELD_PERIOD_SECONDS = 10;

/**
 * An outer shield before any key lookup: the Workers Rate Limiting binding, keyed by the
 * SHA-256 of the presented Authorization value, at a generous limit (wrangler.toml). It keeps
 * floods of unknown or revoked keys away from D1, which the exact per-application limits
 * (rate-limit.ts) cannot: they need the key's application first. The binding counts per
 * location and only says yes or no, so it is no substitute for those limits.
 */
export const shieldFromFloods = createMiddleware<AppEnv>(async (c, next) => {
  const authorization = c.req.header("authorization");
  // No credentials: the key checks refuse it without touching D1.
  if (authorization) {
    // Hashed: the binding's keys are not secret storage.
    const { success } = await c.env.SHIELD.limit({ key: await hashSecret(authorization) });
    if (!success) {
      throw new ApiError(
        "too_many_requests",
        `Too many requests with these credentials; retry after ${SHIELD_PERIOD_SECONDS} seconds.`,
        { retryAfter: SHIELD_PERIOD_SECONDS },
      );
    }
  }
  await next();
});
