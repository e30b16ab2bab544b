import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isRememberedKey } from "../domain/api-keys/authenticate";
import { parseKeyPrefix } from "../domain/api-keys/format";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { hashSecret } from "../lib/crypto";
import { bearerToken } from "./bearer";

/** The SHIELD binding's period (wrangler.toml): a refused caller is told to wait that long. */
const SHIELD_PERIOD_SECONDS = 10;

/**
 * An outer shield before any key lookup: the Workers Rate Limiting binding, keyed by the
 * SHA-256 of the presented Authorization value, at a generous limit (wrangler.toml). It keeps
 * floods of unknown or revoked keys away from D1, which the exact per-application limits
 * (rate-limit.ts) cannot: they need the key's application first. The binding counts per
 * location and only says yes or no, so it is no substitute for those limits.
 *
 * A key this isolate remembers (a live key it authenticated within the last seconds) skips the
 * binding: checking it costs D1 nothing, which is what the shield guards, and its requests meet
 * the exact limits at once. So a steady client's request makes no call before its page; an
 * unknown, revoked or forgotten key is shielded as before.
 */
export const shieldFromFloods = createMiddleware<AppEnv>(async (c, next) => {
  const authorization = c.req.header("authorization");
  // No credentials: the key checks refuse it without touching D1.
  if (authorization && !(await isRememberedApiKey(c, authorization))) {
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

/** Whether the Authorization header carries an API key this isolate remembers; its hash is kept for the key check. */
async function isRememberedApiKey(c: Context<AppEnv>, authorization: string): Promise<boolean> {
  const key = bearerToken(authorization);
  if (key === undefined || key.length > 200 || !parseKeyPrefix(key)) return false;
  const hash = await hashSecret(key);
  c.set("apiKeyHash", { key, hash });
  return isRememberedKey(hash);
}
