import { newApp } from "./app";
import type { Env } from "./env";
import { handleDeadLetters, handleSyncBatch, SYNC_DEAD_LETTER_QUEUE_NAME } from "./sync/queue-handler";

export { ConnectionSync } from "./sync/connection-sync";

const app = newApp();

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    if (batch.queue === SYNC_DEAD_LETTER_QUEUE_NAME) await handleDeadLetters(batch, env);
    else await handleSyncBatch(batch, env);
  },
} satisfies ExportedHandler<Env>;
