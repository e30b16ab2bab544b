/**
 * Delay before retrying a failed page: exponential in the attempt number (1, 2, 4 … s),
 * capped (5 minutes by default, SYNC_MAX_BACKOFF_SECONDS), with jitter so that many connections failing together spread out.
 */
export function backoffSeconds(attempt: number, capSeconds = 300, random: () => number = Math.random): number {
  const base = Math.min(capSeconds, 2 ** Math.max(0, attempt - 1));
  return Math.max(1, Math.round(base * (0.5 + random() / 2)));
}

/** A provider's Retry-After (seconds, possibly fractional) as a queue delay: whole seconds, at least 1. */
export function retryAfterDelay(seconds: number | undefined): number {
  return Math.max(1, Math.ceil(seconds ?? 1));
}
