import { newApp } from "./app";
import { handleScheduled } from "./cron";
import { DELIVERY_QUEUE_NAME, handleDeliveryBatch } from "./domain/deliveries/queue-handler";
import { runMoveUnit } from "./domain/shards/moves/worker";
import type { Env } from "./env";
import { handleDeadLetters, handleSyncBatch, SYNC_DEAD_LETTER_QUEUE_NAME } from "./sync/queue-handler";
import { handleWebhookBatch, WEBHOOK_QUEUE_NAME } from "./webhooks/delivery";

export { RateLimiter } from "./rate-limit/rate-limiter";
export { ConnectionSync } from "./sync/connection-sync";

const app = newApp();

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    if (batch.queue === SYNC_DEAD_LETTER_QUEUE_NAME) await handleDeadLetters(batch, env);
    else if (batch.queue === WEBHOOK_QUEUE_NAME) await handleWebhookBatch(batch, env);
    else if (batch.queue === DELIVERY_QUEUE_NAME) await handleDeliveryBatch(batch, env);
    else await handleSyncBatch(batch, env, { move: runMoveUnit });
  },
  scheduled: handleScheduled,
} satisfies ExportedHandler<Env>;
