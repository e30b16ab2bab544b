import type { ServiceContext, Tenant } from "../domain/context";

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

/**
 * Emits an event to the application's subscribed endpoints (placeholder: the webhook
 * pipeline replaces this with the stored event and the queued deliveries).
 */
export async function emitEvent(
  _context: ServiceContext,
  _tenant: Tenant,
  _event: { type: WebhookEventType; detail: Record<string, unknown>; connectionId?: string },
): Promise<void> {}
