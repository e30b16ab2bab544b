import type { Env } from "../env";

function positiveNumber(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** How long a public token from the hosted flow may wait to be exchanged (default 10 minutes). */
export function publicTokenTtlMs(env: Env): number {
  return positiveNumber(env.PUBLIC_TOKEN_TTL_SECONDS, 600) * 1000;
}

/** Grace period between a deletion request and the deletion (default 24 hours). */
export function deletionGracePeriodMs(env: Env): number {
  return positiveNumber(env.DELETION_GRACE_PERIOD_HOURS, 24) * 3_600_000;
}
