import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Database } from "../db/client";
import { controlDatabase } from "../db/databases";
import {
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  webhookOutbox,
} from "../db/schema/webhooks";
import { ofTenant } from "../db/tenant";
import type { Env } from "../env";
import { decrypt } from "../lib/crypto";
import { newId } from "../lib/ids";
import type { WebhookMessage } from "./emit";
import { OUTBOX_GRACE_MS } from "./outbox";
import { checkDeliveryTarget } from "./resolve-host";

/** Name of the webhook delivery queue (wrangler.toml). */
export const WEBHOOK_QUEUE_NAME = "telematics-webhooks";

/** A receiver has this long to answer (Standard Webhooks convention). */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** Delay before the next attempt after attempt n failed (n = 1, 2, …): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h … */
const RETRY_SCHEDULE_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];

/** Longest delay Cloudflare Queues accepts for a retry (12 hours). */
export const QUEUES_MAX_DELAY_SECONDS = 12 * 3600;

/** An endpoint failing without a single success for longer than this is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600 * 1000;

/** The delay before retrying after the given (1-based) attempt failed, capped by Queues' maximum and the env cap. */
export function retryDelaySeconds(attempt: number, env: Pick<Env, "WEBHOOK_MAX_RETRY_DELAY_SECONDS">): number {
  const scheduled = RETRY_SCHEDULE_SECONDS[Math.max(0, attempt - 1)] ?? RETRY_SCHEDULE_SECONDS.at(-1) ?? 36000;
  const cap = Number(env.WEBHOOK_MAX_RETRY_DELAY_SECONDS);
  const limit = Number.isFinite(cap) && cap >= 0 ? Math.min(cap, QUEUES_MAX_DELAY_SECONDS) : QUEUES_MAX_DELAY_SECONDS;
  return Math.min(scheduled, limit);
}

/** The context the secret of an endpoint is encrypted with (bound to its id). */
export const webhookSecretContext = (endpointId: string) => `webhook-secret:${endpointId}`;

function isWebhookMessage(body: unknown): body is WebhookMessage {
  const value = body as Partial<WebhookMessage> | null;
  return typeof value?.eventId === "string" && typeof value.endpointId === "string";
}

type AttemptOutcome =
  | { status: "succeeded"; responseStatus: number }
  | { status: "failed"; responseStatus?: number; error: string };

/** Sends one signed POST; never throws. */
async function send(
  endpoint: WebhookEndpointRow,
  secret: string,
  eventId: string,
  body: string,
): Promise<AttemptOutcome> {
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(eventId, timestamp, body);
  try {
    const response = await fetch(endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "telematics-webhooks/1",
        "webhook-id": eventId,
        "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // Only the status matters; release the body without reading it.
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300)
      return { status: "succeeded", responseStatus: response.status };
    const error =
      response.status >= 300 && response.status < 400
        ? `The receiver answered a redirect (${response.status}); redirects are not followed.`
        : `The receiver answered ${response.status}.`;
    return { status: "failed", responseStatus: response.status, error };
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      return { status: "failed", error: `The receiver did not answer within ${DELIVERY_TIMEOUT_MS / 1000} s.` };
    }
    return { status: "failed", error: `The request failed: ${String((error as Error)?.message ?? error)}` };
  }
}

/**
 * Delivers one owed event to one endpoint, and records the attempt, the endpoint's new state and
 * what remains owed in one write. Says whether to retry (and after how long). A message whose
 * delivery is no longer owed (made already, endpoint gone or disabled, event deleted) is dropped.
 */
async function deliver(db: Database, env: Env, body: WebhookMessage): Promise<{ retryAfterSeconds?: number }> {
  const { eventId, endpointId } = body;
  const owedRow = and(eq(webhookOutbox.eventId, eventId), eq(webhookOutbox.endpointId, endpointId));
  const [[owed], [endpoint]] = await db.batch([
    db.select().from(webhookOutbox).where(owedRow),
    db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)),
  ]);
  if (!owed) return {};
  // Deleted or disabled since the delivery was owed: nothing to deliver.
  if (!endpoint?.enabled) {
    await db.delete(webhookOutbox).where(owedRow);
    return {};
  }
  const [event] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, eventId), ...ofTenant(webhookEvents, endpoint)));
  if (!event) {
    await db.delete(webhookOutbox).where(owedRow);
    return {};
  }

  const secret = await decrypt(env.ENCRYPTION_KEY, endpoint.secretEncrypted, webhookSecretContext(endpoint.id));
  const started = Date.now();
  // Where the URL leads is checked again before each attempt (DNS answers change); a refusal is a failed attempt.
  const target = await checkDeliveryTarget(endpoint.url, env);
  const outcome: AttemptOutcome = target.ok
    ? await send(endpoint, secret, event.id, event.payload)
    : { status: "failed", error: target.reason };
  const now = new Date();
  const attemptNumber = owed.attempts + 1;
  const attempt = db.insert(webhookDeliveries).values({
    id: newId("webhookDelivery", now.getTime()),
    applicationId: endpoint.applicationId,
    environment: endpoint.environment,
    eventId: event.id,
    endpointId: endpoint.id,
    attempt: attemptNumber,
    status: outcome.status,
    responseStatus: outcome.responseStatus ?? null,
    error: outcome.status === "failed" ? outcome.error : null,
    durationMs: now.getTime() - started,
    createdAt: now,
  });
  const { change, next } = endpointAfter(endpoint, outcome, now);
  const retryAfterSeconds = next === "retry" ? retryDelaySeconds(attemptNumber, env) : undefined;
  const remaining =
    retryAfterSeconds === undefined
      ? db.delete(webhookOutbox).where(owedRow)
      : db
          .update(webhookOutbox)
          .set({ attempts: attemptNumber, dueAt: new Date(now.getTime() + retryAfterSeconds * 1000 + OUTBOX_GRACE_MS) })
          .where(owedRow);
  // The attempt, the endpoint's new state and what is still owed are written together: a reader
  // never sees one without the others, and a crash before this write only repeats the attempt.
  await db.batch([
    attempt,
    remaining,
    ...(change ? [db.update(webhookEndpoints).set(change).where(eq(webhookEndpoints.id, endpoint.id))] : []),
  ]);
  return retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
}

/**
 * What an attempt's outcome does to its endpoint: a success ends a failing streak; a 410, or
 * failures for longer than DISABLE_AFTER_FAILING_MS, disable it; a first failure starts a streak.
 */
function endpointAfter(
  endpoint: WebhookEndpointRow,
  outcome: AttemptOutcome,
  now: Date,
): { change?: Partial<WebhookEndpointRow>; next: "done" | "retry" } {
  if (outcome.status === "succeeded") {
    return { ...(endpoint.failingSince ? { change: { failingSince: null } } : {}), next: "done" };
  }
  if (outcome.responseStatus === 410) {
    return { change: disabled("The receiver answered 410 Gone.", now), next: "done" };
  }
  const failingSince = endpoint.failingSince ?? now;
  if (now.getTime() - failingSince.getTime() > DISABLE_AFTER_FAILING_MS) {
    return { change: disabled("Deliveries failed continuously for more than 5 days.", now), next: "done" };
  }
  return { ...(endpoint.failingSince ? {} : { change: { failingSince } }), next: "retry" };
}

const disabled = (reason: string, now: Date) => ({ enabled: false, disabledReason: reason, updatedAt: now });

/**
 * Consumer of the webhook queue: one message is one owed delivery of an event to an endpoint.
 * Every attempt is recorded; failures are retried on the Standard Webhooks schedule with the
 * same `webhook-id`. The outbox row, not the message, is the record that a delivery is owed:
 * a message lost anywhere is sent again by the recovery sweep.
 */
export async function handleWebhookBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = controlDatabase(env);
  await Promise.all(
    batch.messages.map(async (message) => {
      if (!isWebhookMessage(message.body)) {
        message.ack();
        return;
      }
      try {
        const { retryAfterSeconds } = await deliver(db, env, message.body);
        if (retryAfterSeconds === undefined) message.ack();
        else message.retry({ delaySeconds: retryAfterSeconds });
      } catch (error) {
        console.error("webhook delivery error", error);
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts, env) });
      }
    }),
  );
}
