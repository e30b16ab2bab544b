import type { Env } from "../env";

/** The RateLimiter Durable Object of an application (one per application, by name). */
export function rateLimiter(env: Pick<Env, "RATE_LIMITER">, applicationId: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(applicationId));
}
