import { syncCarryOnMs, syncMaxBackoffSeconds } from "../config";
import { controlDatabase } from "../db/databases";
import type { Env } from "../env";
import { ProviderError } from "../providers/errors";
import { tierConnection } from "../timeseries/archive/tier-connection";
import { backoffSeconds, retryAfterDelay } from "./backoff";
import { connectionSync } from "./client";
import { type MoveMessage, type SeriesTierMessage, WorkMessageSchema } from "./messages";
import { CarriedPageError, processPage } from "./process-page";

/** Name of the queue of sync work, and of its dead-letter queue (wrangler.toml). */
export const SYNC_QUEUE_NAME = "telematics-sync";
export const SYNC_DEAD_LETTER_QUEUE_NAME = "telematics-sync-dlq";

/**
 * Consumer of the sync queue. Each message is handled on its own and acked or retried
 * explicitly, so one failing page never redelivers the others of the batch. A provider's
 * rate limit is honoured with its Retry-After as the queue delay (without counting as a
 * failed attempt); other failures back off exponentially; after max_retries the message
 * goes to the dead-letter queue.
 */
export async function handleSyncBatch(batch: MessageBatch<unknown>, env: Env, handlers: WorkHandlers): Promise<void> {
  const db = controlDatabase(env);
  // One budget for the batch: its messages carry their syncs on while it lasts (config.ts).
  const carryOnUntil = Date.now() + syncCarryOnMs(env);
  const mayCarryOn = () => Date.now() < carryOnUntil;
  for (const message of batch.messages) {
    const parsed = WorkMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      // A message no version of this code could have sent: nothing to retry.
      console.error(JSON.stringify({ level: "error", message: "malformed sync message", id: message.id }));
      message.ack();
      continue;
    }
    if (parsed.data.type === "shard.move") {
      await handleMoveUnit(env, message, parsed.data, handlers);
      continue;
    }
    if (parsed.data.type === "series.tier") {
      await handleTierUnit(env, message, parsed.data);
      continue;
    }
    try {
      await processPage(env, db, parsed.data, mayCarryOn);
      message.ack();
    } catch (caught) {
      const carried = caught instanceof CarriedPageError;
      const page = carried ? caught.page : parsed.data;
      const error = carried ? caught.cause : caught;
      if (!(error instanceof ProviderError)) {
        console.error(JSON.stringify({ level: "error", message: "sync page failed", stack: (error as Error)?.stack }));
      }
      // A rate limit is "come back later", not a failure: the page is sent again after the
      // provider's Retry-After as a fresh message, so it does not use up the retries that lead to
      // the dead-letter queue. A carried page that failed is sent as a message of its own (this
      // message's page is stored), as its first retry.
      const rateLimited = error instanceof ProviderError && error.kind === "rate_limited";
      const delaySeconds = rateLimited
        ? retryAfterDelay(error.retryAfterSeconds)
        : backoffSeconds(carried ? 1 : message.attempts, syncMaxBackoffSeconds(env));
      if (rateLimited || carried) {
        try {
          await env.SYNC_QUEUE.send(page, { delaySeconds });
          message.ack();
          continue;
        } catch {
          // Not sent: this message comes back, and the sync object sends the page again if need be.
        }
      }
      message.retry({ delaySeconds });
    }
  }
}

/** The work of other message types than sync pages, given by the Worker's entry point (src/index.ts). */
export type WorkHandlers = {
  /** One unit of a move between shards; answers whether (and when) to queue the next. */
  move: (env: Env, message: MoveMessage) => Promise<{ next?: { delaySeconds: number } }>;
};

/** A move's unit: done, then its next unit queued (or the same one retried with backoff). */
function handleMoveUnit(env: Env, message: Message<unknown>, unit: MoveMessage, handlers: WorkHandlers) {
  return handleChainedUnit(env, message, unit, { message: "move unit failed", moveId: unit.moveId }, async () => {
    const result = await handlers.move(env, unit);
    return result.next ? { delaySeconds: result.next.delaySeconds } : null;
  });
}

/** A tiering unit: done, then the connection's next one queued while work is left (or retried with backoff). */
function handleTierUnit(env: Env, message: Message<unknown>, unit: SeriesTierMessage) {
  const failure = { message: "series tiering unit failed", connectionId: unit.connectionId };
  return handleChainedUnit(env, message, unit, failure, async () =>
    (await tierConnection(env, unit.connectionId)).more ? {} : null,
  );
}

/**
 * A unit of background work that chains itself: `run` answers how the same message is queued
 * again for the next unit (its send options), or null when the work is done. A unit that throws
 * is logged with `failure` and retried with backoff.
 */
async function handleChainedUnit(
  env: Env,
  message: Message<unknown>,
  unit: MoveMessage | SeriesTierMessage,
  failure: Record<string, string>,
  run: () => Promise<QueueSendOptions | null>,
) {
  try {
    const next = await run();
    if (next) await env.SYNC_QUEUE.send(unit, next);
    message.ack();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", ...failure, stack: (error as Error)?.stack }));
    message.retry({ delaySeconds: backoffSeconds(message.attempts, syncMaxBackoffSeconds(env)) });
  }
}

/**
 * Consumer of the dead-letter queue: the page kept failing, so its sync fails with the last
 * error as the reason. A move's unit that kept failing is logged; the recovery sweep resumes
 * the move (resumeStalledMoves), which needs no one to give up on it.
 */
export async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = WorkMessageSchema.safeParse(message.body);
    if (parsed.success && parsed.data.type === "sync.page") {
      await connectionSync(env, parsed.data.connectionId).fail(parsed.data.syncId);
    } else if (parsed.success && parsed.data.type === "shard.move") {
      console.error(JSON.stringify({ level: "error", message: "move unit dead-lettered", moveId: parsed.data.moveId }));
    } else if (parsed.success && parsed.data.type === "series.tier") {
      // The next hourly run queues the connection's tiering again.
      console.error(
        JSON.stringify({
          level: "error",
          message: "tiering unit dead-lettered",
          connectionId: parsed.data.connectionId,
        }),
      );
    }
    message.ack();
  }
}
