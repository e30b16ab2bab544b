import { z } from "@hono/zod-openapi";
import type { WebhookDeliveryRow, WebhookEndpointRow, WebhookEventRow } from "../../../db/schema/webhooks";
import type { AppEnv } from "../../../env";
import { badRequest } from "../../../http/errors";
import { encrypt } from "../../../lib/crypto";
import { webhookSecretContext } from "../../../webhooks/delivery";
import { WEBHOOK_EVENT_TYPES } from "../../../webhooks/emit";
import { allowsLoopback, checkWebhookUrl } from "../../../webhooks/url-policy";

export const EventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).openapi("WebhookEventType");

export const EndpointIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^whe_[0-9A-HJKMNP-TV-Z]{26}$/)
    .openapi({ param: { name: "id", in: "path" }, example: "whe_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
});

export const WebhookEndpointSchema = z
  .object({
    id: z.string().openapi({ example: "whe_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
    url: z.string().openapi({ example: "https://example.com/webhooks/telematics" }),
    description: z.string().optional(),
    eventTypes: z.array(EventTypeSchema).openapi({
      description:
        "Subscribed event types; empty: every type but `vehicle.location_updated`, which an endpoint receives only when it names it.",
    }),
    enabled: z.boolean(),
    disabledReason: z.string().optional(),
    failingSince: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("WebhookEndpoint");

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({
    description: "Signing secret (`whsec_…`), shown only in this answer.",
    example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  }),
}).openapi("WebhookEndpointWithSecret");

export const EndpointBodySchema = z.object({
  url: z.string().max(2048).openapi({ example: "https://example.com/webhooks/telematics" }),
  eventTypes: z.array(EventTypeSchema).max(WEBHOOK_EVENT_TYPES.length).optional(),
  description: z.string().max(500).optional(),
});

export const WebhookEventSchema = z
  .object({
    id: z.string().openapi({ example: "evt_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
    type: z.string().openapi({ example: "connection.created" }),
    timestamp: z.string(),
    connectionId: z.string().optional(),
    detail: z.record(z.string(), z.unknown()),
  })
  .openapi("WebhookEvent");

export const WebhookDeliverySchema = z
  .object({
    id: z.string().openapi({ example: "whd_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
    eventId: z.string(),
    eventType: EventTypeSchema.optional().openapi({ description: "The delivered event's type." }),
    endpointId: z.string(),
    attempt: z.number().int(),
    status: z.enum(["succeeded", "failed"]),
    responseStatus: z.number().int().optional(),
    error: z.string().optional(),
    durationMs: z.number().int().optional(),
    createdAt: z.string(),
  })
  .openapi("WebhookDelivery");

export function presentEndpoint(row: WebhookEndpointRow): z.infer<typeof WebhookEndpointSchema> {
  return {
    id: row.id,
    url: row.url,
    description: row.description ?? undefined,
    eventTypes: row.eventTypes as z.infer<typeof EventTypeSchema>[],
    enabled: row.enabled,
    disabledReason: row.disabledReason ?? undefined,
    failingSince: row.failingSince?.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentEvent(row: WebhookEventRow): z.infer<typeof WebhookEventSchema> {
  const envelope = JSON.parse(row.payload) as { timestamp: string; detail: Record<string, unknown> };
  return {
    id: row.id,
    type: row.type,
    timestamp: envelope.timestamp,
    connectionId: row.connectionId ?? undefined,
    detail: envelope.detail,
  };
}

export function presentDelivery(
  row: WebhookDeliveryRow & { eventType?: string | null },
): z.infer<typeof WebhookDeliverySchema> {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: (row.eventType ?? undefined) as z.infer<typeof EventTypeSchema> | undefined,
    endpointId: row.endpointId,
    attempt: row.attempt,
    status: row.status,
    responseStatus: row.responseStatus ?? undefined,
    error: row.error ?? undefined,
    durationMs: row.durationMs ?? undefined,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The URL if the SSRF policy allows it; a bad_request at `{requestBody}.url` otherwise. */
export function validWebhookUrl(env: AppEnv["Bindings"], url: string): string {
  const checked = checkWebhookUrl(url, { allowLoopback: allowsLoopback(env) });
  if (!checked.ok) {
    throw badRequest(
      checked.reason,
      "{requestBody}.url",
      "Use a public https URL (no private, loopback, link-local or internal hosts).",
    );
  }
  return checked.url;
}

/** A new signing secret (`whsec_` + 32 random bytes in base64) and its sealed form for the endpoint. */
export async function newSigningSecret(env: AppEnv["Bindings"], endpointId: string) {
  const secret = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;
  return { secret, secretEncrypted: await encrypt(env.ENCRYPTION_KEY, secret, webhookSecretContext(endpointId)) };
}
