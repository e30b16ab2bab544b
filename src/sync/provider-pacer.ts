import type { Env } from "../env";
import { TtlCache } from "../lib/ttl-cache";
import { ProviderError } from "../providers/errors";
import type { ModelName, Pacer, PaceSettings, ProviderAdapter, RequestPace } from "../providers/types";
import { connectionSync } from "./client";
import type { LateSlot } from "./provider-slots";

/**
 * Longest wait for a provider slot spent in the caller (a queue consumer, an API request);
 * a longer one becomes a rate_limited error, which the consumer re-sends with that delay
 * without counting a retry, and the API answers as a 429.
 */
export const MAX_IN_PROCESS_WAIT_MS = 2000;

/**
 * Slack on each period: a request reaches the provider a little after it goes (the connection,
 * the network, a busy machine), and unevenly; a quarter more time per period keeps what the
 * provider sees within its limit when arrivals bunch by up to a quarter of a period, not only
 * what was scheduled. (A tenth was not enough: on a loaded 2-core machine the fake Samsara saw 26
 * requests of a 25-per-second bucket within 0.997 s. How late a request went after its slot is
 * also reported back and counted, lateSlots below.) The cost is a fifth fewer requests per
 * period at full pace, against a provider's 429 and its Retry-After.
 */
const PERIOD_SLACK = 1.25;

/** A pace as the window of the connection's Durable Object. */
export function paceWindow(pace: RequestPace): { limit: number; periodMs: number } {
  return { limit: pace.requests, periodMs: Math.ceil(pace.perSeconds * 1000 * PERIOD_SLACK) };
}

/**
 * The pacer of one connection's reads of one operation: before every provider request, the
 * connection's Durable Object reserves a slot in the operation's bucket (or the one the client
 * names), so all of the connection's requests — sync pages and live camera media alike — stay
 * within the provider's pace, as the deployment's settings have it (the adapter's `paceFor`). A
 * bucket the adapter does not declare is not paced.
 */
export function providerPacer(
  env: Pick<Env, "CONNECTION_SYNC"> & PaceSettings,
  connectionId: string,
  adapter: Pick<ProviderAdapter, "name" | "paceFor" | "paceBucket">,
  operation: ModelName,
): Pacer {
  const paces = adapter.paceFor(env);
  return async (bucket = adapter.paceBucket[operation]) => {
    const pace = Object.hasOwn(paces, bucket) ? paces[bucket] : undefined;
    if (!pace) return;
    const key = `${connectionId}|${bucket}`;
    const asked = Date.now();
    const slot = await connectionSync(env, connectionId).acquireProviderSlot(
      bucket,
      paceWindow(pace),
      MAX_IN_PROCESS_WAIT_MS,
      lateSlots.get(key),
    );
    lateSlots.delete(key);
    if ("retryAfterMs" in slot) {
      throw new ProviderError(
        "rate_limited",
        `${adapter.name}: the connection's requests are paced to ${pace.requests} per ${pace.perSeconds} s (${bucket}); the next slot is ${slot.retryAfterMs} ms away.`,
        slot.retryAfterMs / 1000,
      );
    }
    if (slot.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, slot.waitMs));
    // The request goes now: how much later than its slot is told with the next reservation.
    // Measured from the ask, so the way to the object counts too (later, never earlier, than it was).
    lateSlots.set(key, { slotAt: slot.slotAt, lateMs: Math.max(0, Date.now() - asked - slot.waitMs) });
  };
}

/**
 * Each connection and bucket's last reservation in this isolate, with how late its request went
 * (LateSlot): a busy thread, a slow answer from the object or a sleep that woke late would
 * otherwise bring a request closer to the next ones than its slot says, and the provider counts
 * arrivals. Bounded; an entry lost (another isolate, evicted) only leaves that one slot as reserved.
 */
const lateSlots = new TtlCache<LateSlot>({ ttlMs: 60_000, maxEntries: 10_000 });
