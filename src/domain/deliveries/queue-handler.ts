import type { Env } from "../../env";
import { failDelivery } from "./fail";
import { isDeliveryMessage } from "./messages";
import { DeliveryTargetError } from "./targets/target";
import { processDeliveryUnit } from "./unit";

export const DELIVERY_QUEUE_NAME = "telematics-deliveries";

/** Attempts of one unit before its delivery fails (wrangler.toml gives the queue a few more). */
export const MAX_UNIT_ATTEMPTS = 8;

/** Longest wait before a unit's retry. */
const MAX_BACKOFF_SECONDS = 300;

/**
 * The deliveries queue's consumer: each message is one unit (unit.ts). A destination that refuses
 * a write (bad credentials, no such bucket or stream) fails the delivery at once; anything else is
 * retried with exponential backoff, and fails the delivery after MAX_UNIT_ATTEMPTS. The reason
 * names what the destination answered, never a credential.
 */
export async function handleDeliveryBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const body = message.body;
    if (!isDeliveryMessage(body)) {
      message.ack();
      continue;
    }
    try {
      await processDeliveryUnit(env, body);
      message.ack();
    } catch (error) {
      const reason = error instanceof Error ? error.message : "The delivery failed.";
      const refused = error instanceof DeliveryTargetError && error.kind === "refused";
      if (refused || message.attempts >= MAX_UNIT_ATTEMPTS) {
        await failDelivery(env, body.deliveryId, refused ? reason : `${reason} (after ${message.attempts} attempts)`);
        message.ack();
        continue;
      }
      console.warn(
        JSON.stringify({
          level: "warn",
          message: "delivery unit failed; retrying",
          deliveryId: body.deliveryId,
          error: reason,
        }),
      );
      message.retry({ delaySeconds: Math.min(MAX_BACKOFF_SECONDS, backoffSeconds(env, message.attempts)) });
    }
  }
}

function backoffSeconds(env: Env, attempt: number): number {
  const cap = Number(env.SYNC_MAX_BACKOFF_SECONDS ?? MAX_BACKOFF_SECONDS);
  return Math.min(Number.isFinite(cap) && cap > 0 ? cap : MAX_BACKOFF_SECONDS, 2 ** attempt);
}
