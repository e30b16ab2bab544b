import type { ServiceContext, Tenant } from "../context";
import { commitWithEvents, eventWrite } from "./outbox";

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

/**
 * Emits an event that no other write of its caller carries: stores it with its envelope
 * `{ id, type, timestamp, detail }` (so that it can be listed and replayed) and the deliveries
 * it owes, in one write, then queues them. A change that causes an event records it in its own
 * batch instead (`eventWrite` and `commitWithEvents`, outbox.ts). Never throws: a failure to
 * emit is logged and must not undo the change that caused the event.
 */
export async function emitEvent(
  context: ServiceContext,
  tenant: Tenant,
  event: { type: WebhookEventType; detail: Record<string, unknown>; connectionId?: string },
): Promise<void> {
  try {
    await commitWithEvents(context.env, [], [eventWrite(tenant, event)]);
  } catch (error) {
    console.error(`webhook event ${event.type} not emitted`, error);
  }
}
