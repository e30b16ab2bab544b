import type { Env } from "../env";

/** Name of the webhook delivery queue (wrangler.toml). */
export const WEBHOOK_QUEUE_NAME = "telematics-webhooks";

/** Consumer of the webhook queue (placeholder: acks everything until the pipeline is written). */
export async function handleWebhookBatch(batch: MessageBatch<unknown>, _env: Env): Promise<void> {
  for (const message of batch.messages) message.ack();
}
