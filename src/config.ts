import type { Env } from "./env";

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

/**
 * How long an isolate may answer from what it remembers of an API key or a connection token
 * (default 5 s): the longest a revoked key, a rotated token or a deleted connection may still
 * work in an isolate other than the one that made the change (README: Consistency).
 */
export function authCacheMs(env: Pick<Env, "AUTH_CACHE_SECONDS">): number {
  return positiveNumber(env.AUTH_CACHE_SECONDS, 5) * 1000;
}

/**
 * How long the source shard keeps a moved connection's data after the switch, before the move
 * removes it (default 30 s): longer than a request that read the connection's old shard may
 * still be reading there, so never less than the remembered connections' lifetime plus a second.
 */
export function moveCleanupDelayMs(env: Env): number {
  return Math.max(positiveNumber(env.SHARD_MOVE_CLEANUP_SECONDS, 30) * 1000, authCacheMs(env) + 1000);
}

/** Interval between the syncs of an automatic connection (default 60 minutes). */
export function syncIntervalMs(env: Env): number {
  return positiveNumber(env.SYNC_INTERVAL_MINUTES, 60) * 60_000;
}

/**
 * Records asked for per provider page (default 500; adapters clamp it to each provider's own
 * maximum). Larger pages mean fewer queue messages and Durable Object calls per record: 500
 * instead of 200 synced utilization a third faster (BENCHMARKS.md). Large payloads are split
 * into several statements of one batch (db/json-rows.ts), so D1's limits do not bound it.
 */
export function syncPageSize(env: Env): number {
  return Math.floor(positiveNumber(env.SYNC_PAGE_SIZE, 500));
}

/**
 * How many days before today a sync reads breadcrumbs and stat logs at most (default 30), however
 * far back its backfill reaches for the other families: a year of a 1,000-vehicle fleet's
 * breadcrumbs is 350 million points. 0: today only. A sync requested with `startFrom` reads
 * them from there, within this bound too.
 */
export function seriesBackfillDays(env: Pick<Env, "SERIES_BACKFILL_DAYS">): number {
  const value = Number(env.SERIES_BACKFILL_DAYS);
  return env.SERIES_BACKFILL_DAYS !== undefined && Number.isInteger(value) && value >= 0 ? value : 30;
}

/** How long a sync may make no progress before its current page is sent again (default 10 minutes). */
export function syncStallMs(env: Env): number {
  return positiveNumber(env.SYNC_STALL_MINUTES, 10) * 60_000;
}

/**
 * How long a queue consumer carries a sync on from page to page in one invocation (default 0:
 * every page is a message of its own): the sync object hands the next page to the consumer that
 * reported the last one, which saves a queue hop and a claim per page (BENCHMARKS.md). Off by
 * default until a burst the provider-pacing test once saw with it on, under load, is understood
 * (BENCHMARKS.md, "Carrying a sync on").
 */
export function syncCarryOnMs(env: Pick<Env, "SYNC_CARRY_ON_SECONDS">): number {
  const raw = env.SYNC_CARRY_ON_SECONDS;
  const value = Number(raw);
  return raw !== undefined && Number.isFinite(value) && value >= 0 ? value * 1000 : 0;
}

/** Longest delay between retries of a failing sync page (default 300 seconds). */
export function syncMaxBackoffSeconds(env: Env): number {
  return positiveNumber(env.SYNC_MAX_BACKOFF_SECONDS, 300);
}

/** Requests per second allowed per connection token on the /tsp/v1 API (default 100, wire-compat.md). */
export function rateLimitConnectionPerSecond(env: Env): number {
  return Math.floor(positiveNumber(env.RATE_LIMIT_CONNECTION_PER_SECOND, 100));
}

/** Requests per second allowed per application on the /tsp/v1 API (default 400, wire-compat.md). */
export function rateLimitApplicationPerSecond(env: Env): number {
  return Math.floor(positiveNumber(env.RATE_LIMIT_APPLICATION_PER_SECOND, 400));
}

/** How long one provider request may take before it counts as a timeout (default 15 s). */
export function providerTimeoutMs(env: Pick<Env, "PROVIDER_TIMEOUT_MS">): number {
  return positiveNumber(env.PROVIDER_TIMEOUT_MS, 15_000);
}

/**
 * How long a hosted-flow short link lives when its creator names no `expiresAt`, and the latest
 * `expiresAt` it may name: a year by default, as the public service's links; a deployment that
 * wants leaked links to die sooner sets fewer days (a whole number, 1 to 3650).
 */
export function shortLinkLifetimeDays(env: Pick<Env, "SHORT_LINK_LIFETIME_DAYS">): number {
  const value = Number(env.SHORT_LINK_LIFETIME_DAYS);
  return Number.isInteger(value) && value >= 1 && value <= 3650 ? value : 365;
}

/** Passthrough requests allowed per second per connection token (default 5): each one spends the provider's own limits. */
export function passthroughPerSecond(env: Env): number {
  return Math.floor(positiveNumber(env.PASSTHROUGH_PER_SECOND, 5));
}

/** How long a passthrough request waits for the provider's answer to begin (default 30 seconds): then `gateway_timeout`. */
export function passthroughTimeoutMs(env: Env): number {
  return positiveNumber(env.PASSTHROUGH_TIMEOUT_SECONDS, 30) * 1000;
}

/**
 * How far back before a destination's last delivery the next one starts reading (default 60 s): a
 * sync page stamps its records' modification time before its batch commits, so a record stamped
 * just before a delivery's `upTo` may commit only after the delivery read; the next delivery reads
 * that stretch again. A record version may so come in two consecutive deliveries (the same
 * idempotency id); never in none. 0 is only for tests that write nothing while they deliver.
 */
export function deliveryOverlapMs(env: Pick<Env, "DELIVERY_OVERLAP_SECONDS">): number {
  const value = Number(env.DELIVERY_OVERLAP_SECONDS);
  return env.DELIVERY_OVERLAP_SECONDS !== undefined && Number.isFinite(value) && value >= 0 ? value * 1000 : 60_000;
}
