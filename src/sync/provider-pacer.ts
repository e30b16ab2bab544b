import type { Env } from "../env";
import { ProviderError } from "../providers/errors";
import type { ModelName, Pacer, ProviderAdapter, RequestPace } from "../providers/types";
import { connectionSync } from "./client";

/**
 * Longest wait for a provider slot spent in the caller (a queue consumer, an API request);
 * a longer one becomes a rate_limited error, which the consumer re-sends with that delay
 * without counting a retry, and the API answers as a 429.
 */
export const MAX_IN_PROCESS_WAIT_MS = 2000;

/**
 * Slack on each period: a request reaches the provider a little after its slot (the sleep's
 * wake-up, the connection), and unevenly; a tenth more time per period keeps what the provider
 * sees within its limit, not only what was scheduled.
 */
const PERIOD_SLACK = 1.1;

/** A pace as the window of the connection's Durable Object. */
export function paceWindow(pace: RequestPace): { limit: number; periodMs: number } {
  return { limit: pace.requests, periodMs: Math.ceil(pace.perSeconds * 1000 * PERIOD_SLACK) };
}

/**
 * The pacer of one connection's reads of one operation: before every provider request, the
 * connection's Durable Object reserves a slot in the operation's bucket (or the one the client
 * names), so all of the connection's requests — sync pages and live camera media alike — stay
 * within the provider's published pace. A bucket the adapter does not declare is not paced.
 */
export function providerPacer(
  env: Pick<Env, "CONNECTION_SYNC">,
  connectionId: string,
  adapter: Pick<ProviderAdapter, "name" | "requestPace" | "paceBucket">,
  operation: ModelName,
): Pacer {
  return async (bucket = adapter.paceBucket[operation]) => {
    const pace = Object.hasOwn(adapter.requestPace, bucket) ? adapter.requestPace[bucket] : undefined;
    if (!pace) return;
    const slot = await connectionSync(env, connectionId).acquireProviderSlot(
      bucket,
      paceWindow(pace),
      MAX_IN_PROCESS_WAIT_MS,
    );
    if ("retryAfterMs" in slot) {
      throw new ProviderError(
        "rate_limited",
        `${adapter.name}: the connection's requests are paced to ${pace.requests} per ${pace.perSeconds} s (${bucket}); the next slot is ${slot.retryAfterMs} ms away.`,
        slot.retryAfterMs / 1000,
      );
    }
    if (slot.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, slot.waitMs));
  };
}
