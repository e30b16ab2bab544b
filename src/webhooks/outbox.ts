import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Tenant } from "../context";
import { controlD1 } from "../db/databases";
import { runBatch } from "../db/raw";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import { OPT_IN_EVENT_TYPES, type WebhookEnvelope, type WebhookEventType, type WebhookMessage } from "./emit";

/**
 * How long a queued delivery may go without an attempt before the recovery sweep sends it
 * again: a message normally reaches the consumer within seconds; one lost with a crash (or
 * a failed send) is re-sent on the first sweep after this.
 */
export const OUTBOX_GRACE_MS = 60_000;

/** Largest batch Queues accepts in one sendBatch call. */
const QUEUE_BATCH_LIMIT = 100;

export type EventInput = { type: WebhookEventType; detail: Record<string, unknown>; connectionId?: string };

/**
 * An event ready to be written with the change that caused it: its envelope, its owner, and
 * the condition (SQL evaluated inside the change's batch) under which it is recorded at all.
 */
export type EventWrite = {
  envelope: WebhookEnvelope;
  tenant: Tenant;
  connectionId: string | null;
  when: SQL;
  at: number;
};

/**
 * An event to record, and one owed delivery per enabled endpoint of the tenant subscribed to
 * its type, with the change that caused it: the change, the event and its deliveries exist
 * together or not at all. `when` makes the event (and so its deliveries) conditional on SQL
 * evaluated inside the batch, for a change that may not apply (a conditional update).
 */
export function eventWrite(tenant: Tenant, event: EventInput, options: { now?: Date; when?: SQL } = {}): EventWrite {
  const now = options.now ?? new Date();
  const envelope: WebhookEnvelope = {
    id: newId("webhookEvent", now.getTime()),
    type: event.type,
    timestamp: now.toISOString(),
    detail: event.detail,
  };
  return {
    envelope,
    tenant,
    connectionId: event.connectionId ?? null,
    when: options.when ?? sql`1`,
    at: now.getTime(),
  };
}

/** The statements that record an event in the control database and the deliveries it owes. */
function controlStatements(event: EventWrite): [SQL, SQL] {
  const { envelope, tenant, at } = event;
  return [
    sql`INSERT INTO webhook_events (id, application_id, environment, connection_id, type, payload, created_at)
      SELECT ${envelope.id}, ${tenant.applicationId}, ${tenant.environment}, ${event.connectionId},
        ${envelope.type}, ${JSON.stringify(envelope)}, ${at}
      WHERE ${event.when}`,
    owedDeliveries(sql`e.id = ${envelope.id}`, at),
  ];
}

/**
 * Owed deliveries of the events matching `events` (a condition on `webhook_events e`) to every
 * enabled, subscribed endpoint of their tenant; an already owed one is owed anew from now.
 * `relayed`: the events come from a shard's relay (relay.ts), which may run twice for one event:
 * a delivery already attempted or owed is then left as it is. Answers the (event, endpoint)
 * pairs, for the queue messages.
 */
export function owedDeliveries(events: SQL, now: number, options: { relayed?: boolean } = {}): SQL {
  const notAttempted = options.relayed
    ? sql`AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.endpoint_id = ep.id)`
    : sql``;
  const onConflict = options.relayed ? sql`DO NOTHING` : sql`DO UPDATE SET due_at = excluded.due_at`;
  return sql`INSERT INTO webhook_outbox (event_id, endpoint_id, application_id, environment, attempts, due_at, created_at)
    SELECT e.id, ep.id, ep.application_id, ep.environment, 0, ${now + OUTBOX_GRACE_MS}, ${now}
    FROM webhook_events e JOIN webhook_endpoints ep
      ON ep.application_id = e.application_id AND ep.environment = e.environment
    WHERE ${events} AND ep.enabled = 1
      AND ((json_array_length(ep.event_types) = 0
          AND e.type NOT IN (SELECT value FROM json_each(${JSON.stringify(OPT_IN_EVENT_TYPES)})))
        OR EXISTS (SELECT 1 FROM json_each(ep.event_types) WHERE value = e.type))
      ${notAttempted}
    ON CONFLICT (event_id, endpoint_id) ${onConflict}
    RETURNING event_id AS eventId, endpoint_id AS endpointId`;
}

/**
 * Runs `statements` and records `events` in one batch (one transaction), then queues the
 * deliveries the events owe. Queueing is best effort: a delivery whose message is lost is
 * still owed in the outbox, and the recovery sweep sends it. Answers the results of `statements`.
 */
export async function commitWithEvents(
  env: Env,
  statements: readonly SQLWrapper[],
  events: readonly EventWrite[],
  options: { defer?: (work: Promise<unknown>) => void } = {},
): Promise<D1Result[]> {
  const results = await runBatch(controlD1(env), [...statements, ...events.flatMap(controlStatements)]);
  const owed = events.flatMap(
    (_, index) => (results[statements.length + index * 2 + 1]?.results ?? []) as WebhookMessage[],
  );
  // Queued after the answer when the caller can defer: the outbox keeps what a lost send owes.
  const queued = queueOwedDeliveries(env, owed);
  if (options.defer) options.defer(queued);
  else await queued;
  return results.slice(0, statements.length);
}

/** Owes again the deliveries of these stored events (replay), and queues them; answers how many. */
export async function redeliverEvents(env: Env, tenant: Tenant, eventIds: readonly string[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const [result] = await runBatch(controlD1(env), [
    owedDeliveries(
      sql`e.application_id = ${tenant.applicationId} AND e.environment = ${tenant.environment}
        AND e.id IN (SELECT value FROM json_each(${JSON.stringify(eventIds)}))`,
      Date.now(),
    ),
  ]);
  const owed = (result?.results ?? []) as WebhookMessage[];
  await queueOwedDeliveries(env, owed);
  return owed.length;
}

/** Sends one queue message per owed delivery. Never throws: the outbox keeps what a failed send loses. */
export async function queueOwedDeliveries(env: Env, owed: readonly WebhookMessage[]): Promise<void> {
  try {
    for (let start = 0; start < owed.length; start += QUEUE_BATCH_LIMIT) {
      const messages = owed.slice(start, start + QUEUE_BATCH_LIMIT).map(({ eventId, endpointId }) => ({
        body: { eventId, endpointId } satisfies WebhookMessage,
      }));
      await env.WEBHOOK_QUEUE.sendBatch(messages);
    }
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "warn",
        message: "webhook deliveries not queued; the recovery sweep will send them",
        deliveries: owed.length,
        error: String(error),
      }),
    );
  }
}

/** Overdue deliveries one sweep sends again at most; the rest wait for the next sweep. */
const RESEND_LIMIT = 1000;

/**
 * The outbox sweep: every owed delivery whose time passed with no attempt ending it (its
 * message lost with a crash or a failed send, or its retries exhausted) is queued again, with
 * the same event id, so it is delivered at least once. Each is owed anew from now, so a
 * delivery is re-sent at most once per grace period. Answers how many were queued.
 */
export async function resendOverdueDeliveries(env: Env, now = Date.now()): Promise<number> {
  const [result] = await runBatch(controlD1(env), [
    sql`UPDATE webhook_outbox SET due_at = ${now + OUTBOX_GRACE_MS}
      WHERE rowid IN (SELECT rowid FROM webhook_outbox WHERE due_at <= ${now} ORDER BY due_at LIMIT ${RESEND_LIMIT})
      RETURNING event_id AS eventId, endpoint_id AS endpointId`,
  ]);
  const owed = (result?.results ?? []) as WebhookMessage[];
  await queueOwedDeliveries(env, owed);
  return owed.length;
}
