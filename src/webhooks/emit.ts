import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { type WebhookEventRow, webhookEndpoints, webhookEvents } from "../db/schema/webhooks";
import type { ServiceContext, Tenant } from "../domain/context";
import type { Env } from "../env";
import { newId } from "../lib/ids";

/** The webhook event types of wire-compat.md. */
export const WEBHOOK_EVENT_TYPES = [
  "connection.created",
  "connection.completed",
  "connection.updated",
  "connection.disconnected",
  "connection.reconnected",
  "connection.first_sync_completed",
  "connection.pending_deletion",
  "connection.deleted",
  "sync.requested",
  "sync.started",
  "sync.completed",
  "sync.failed",
  "issue.reported",
  "issue.resolved",
  "vehicle.added",
  "vehicle.modified",
  "vehicle.removed",
  "driver.added",
  "driver.modified",
  "driver.removed",
  "link.analytics_event_emitted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One queue message: deliver this stored event to this endpoint. */
export type WebhookMessage = { eventId: string; endpointId: string };

/** The envelope every endpoint receives, exactly as stored. */
export type WebhookEnvelope = { id: string; type: string; timestamp: string; detail: Record<string, unknown> };

/** Whether an endpoint subscribed to this type: an empty list subscribes to every type. */
export function subscribes(endpoint: { eventTypes: string[] }, type: string): boolean {
  return endpoint.eventTypes.length === 0 || endpoint.eventTypes.includes(type);
}

/** Largest batch Queues accepts in one sendBatch call. */
const QUEUE_BATCH_LIMIT = 100;

/** Queues one delivery per enabled endpoint of the tenant subscribed to each event's type; answers how many. */
export async function queueDeliveries(
  db: Database,
  env: Env,
  tenant: Tenant,
  events: Pick<WebhookEventRow, "id" | "type">[],
): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await db
    .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.applicationId, tenant.applicationId),
        eq(webhookEndpoints.environment, tenant.environment),
        eq(webhookEndpoints.enabled, true),
      ),
    );
  const messages: { body: WebhookMessage }[] = [];
  for (const event of events) {
    for (const endpoint of endpoints) {
      if (subscribes(endpoint, event.type)) messages.push({ body: { eventId: event.id, endpointId: endpoint.id } });
    }
  }
  for (let start = 0; start < messages.length; start += QUEUE_BATCH_LIMIT) {
    await env.WEBHOOK_QUEUE.sendBatch(messages.slice(start, start + QUEUE_BATCH_LIMIT));
  }
  return messages.length;
}

/**
 * Emits an event: stores it with its envelope `{ id, type, timestamp, detail }` (so that it can
 * be listed and replayed), then queues one delivery per enabled endpoint subscribed to its type.
 * Never throws: a failure to emit is logged and must not undo the change that caused the event.
 */
export async function emitEvent(
  context: ServiceContext,
  tenant: Tenant,
  event: { type: WebhookEventType; detail: Record<string, unknown>; connectionId?: string },
): Promise<void> {
  try {
    const now = new Date();
    const envelope: WebhookEnvelope = {
      id: newId("webhookEvent", now.getTime()),
      type: event.type,
      timestamp: now.toISOString(),
      detail: event.detail,
    };
    await context.db.insert(webhookEvents).values({
      id: envelope.id,
      applicationId: tenant.applicationId,
      environment: tenant.environment,
      connectionId: event.connectionId ?? null,
      type: event.type,
      payload: JSON.stringify(envelope),
      createdAt: now,
    });
    await queueDeliveries(context.db, context.env, tenant, [envelope]);
  } catch (error) {
    console.error(`webhook event ${event.type} not emitted`, error);
  }
}
