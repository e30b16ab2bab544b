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
  "safety_event.added",
  "safety_event.modified",
  "vehicle.location_updated",
  "unsupported_provider.requested",
  "link.analytics_event_emitted",
  "delivery.requested",
  "delivery.started",
  "delivery.completed",
  "delivery.failed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** One queue message: deliver this stored event to this endpoint. */
export type WebhookMessage = { eventId: string; endpointId: string };

/** The envelope every endpoint receives, exactly as stored. */
export type WebhookEnvelope = { id: string; type: string; timestamp: string; detail: Record<string, unknown> };

/**
 * Types an endpoint receives only when it names them: `vehicle.location_updated` comes with
 * every refresh of every moving vehicle, more than an endpoint subscribed to "everything" asked for.
 */
export const OPT_IN_EVENT_TYPES: readonly WebhookEventType[] = ["vehicle.location_updated"];

/** Whether an endpoint subscribed to this type: an empty list subscribes to every type but the opt-in ones. */
export function subscribes(endpoint: { eventTypes: string[] }, type: string): boolean {
  if (endpoint.eventTypes.length === 0) return !OPT_IN_EVENT_TYPES.includes(type as WebhookEventType);
  return endpoint.eventTypes.includes(type);
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
