import type { ServiceContext, Tenant } from "../../context";
import { emitEvent } from "../../webhooks/emit";

/** The steps of the hosted flow that are announced to the application. */
export type LinkAnalyticsEvent =
  | "opened"
  | "provider_selected"
  | "agreement_accepted"
  | "credentials_submitted"
  | "succeeded"
  | "failed"
  | "exited";

export type LinkAnalyticsDetail = {
  linkSessionId?: string;
  provider?: string;
  connectionId?: string;
  externalId?: string;
  shortLinkId?: string;
  reconnect?: boolean;
  /** For `failed`: the error code and the message shown to the end user (never credentials). */
  error?: { code: string; message: string };
};

/**
 * Emits `link.analytics_event_emitted` for one step of the flow, through the webhook pipeline
 * (stored, listable, delivered to subscribed endpoints). Never throws, like every emit.
 */
export function emitLinkAnalytics(
  context: ServiceContext,
  tenant: Tenant,
  event: LinkAnalyticsEvent,
  detail: LinkAnalyticsDetail,
): Promise<void> {
  const body: Record<string, unknown> = { event, occurredAt: new Date().toISOString() };
  for (const [key, value] of Object.entries(detail)) if (value !== undefined) body[key] = value;
  return emitEvent(context, tenant, {
    type: "link.analytics_event_emitted",
    detail: body,
    ...(detail.connectionId ? { connectionId: detail.connectionId } : {}),
  });
}
