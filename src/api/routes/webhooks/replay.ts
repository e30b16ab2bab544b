import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, gte, inArray } from "drizzle-orm";
import { webhookEvents } from "../../../db/schema/webhooks";
import { ofTenant } from "../../../db/tenant";
import type { AppEnv } from "../../../env";
import { badRequest, errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { redeliverEvents } from "../../../webhooks/outbox";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { EventTypeSchema } from "./schema";

/** Most events one replay re-queues; narrow the filters (or page with `since`) for more. */
export const MAX_REPLAY_EVENTS = 1000;

const BodySchema = z
  .object({
    eventIds: z.array(z.string().max(64)).min(1).max(50).optional(),
    connectionIds: z.array(z.string().max(64)).min(1).max(20).optional().openapi({
      description: "Replay the events of these connections, their onboarding and lifecycle events included.",
    }),
    types: z.array(EventTypeSchema).min(1).max(21).optional(),
    since: z.iso
      .datetime({ offset: true })
      .optional()
      .openapi({ description: "Only events emitted at or after this time." }),
  })
  .openapi("WebhookReplayRequest", { example: { types: ["connection.created"] } });

const ResultSchema = z
  .object({
    events: z.number().int().openapi({ description: "Events re-queued." }),
    deliveries: z.number().int().openapi({ description: "Deliveries queued (one per event and subscribed endpoint)." }),
    truncated: z
      .boolean()
      .openapi({ description: `More than ${MAX_REPLAY_EVENTS} events matched: only the oldest were replayed.` }),
  })
  .openapi("WebhookReplayResult");

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.replay",
  tags: ["Webhooks"],
  method: "post",
  path: "/webhooks/replay",
  summary: "Replay webhook events",
  description:
    "Delivers stored events again to every enabled endpoint subscribed to them, with their original ids (the `webhook-id` header), so receivers can deduplicate. Filters combine: events with these ids, of these connections (including their onboarding and lifecycle events), of these types, emitted since a time. At least one filter is required.",
  request: { body: { required: true, content: { "application/json": { schema: BodySchema } } } },
  responses: {
    202: { description: "The deliveries were queued.", content: { "application/json": { schema: ResultSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden"]),
  },
});

export function registerReplayWebhookEvents(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { eventIds, connectionIds, types, since } = c.req.valid("json");
    if (!eventIds && !connectionIds && !types && since === undefined) {
      throw badRequest(
        "Say which events to replay.",
        "{requestBody}",
        "Give at least one of eventIds, connectionIds, types or since.",
      );
    }
    const tenant = c.var.principal;
    const rows = await c.var.db
      .select({ id: webhookEvents.id, type: webhookEvents.type })
      .from(webhookEvents)
      .where(
        and(
          ...ofTenant(webhookEvents, tenant),
          eventIds ? inArray(webhookEvents.id, eventIds) : undefined,
          connectionIds ? inArray(webhookEvents.connectionId, connectionIds) : undefined,
          types ? inArray(webhookEvents.type, types) : undefined,
          since === undefined ? undefined : gte(webhookEvents.createdAt, new Date(since)),
        ),
      )
      .orderBy(asc(webhookEvents.id))
      .limit(MAX_REPLAY_EVENTS + 1);
    const events = rows.slice(0, MAX_REPLAY_EVENTS);
    const deliveries = await redeliverEvents(
      c.env,
      tenant,
      events.map((event) => event.id),
    );
    return c.json(
      ResultSchema.parse({ events: events.length, deliveries, truncated: rows.length > MAX_REPLAY_EVENTS }),
      202,
    );
  });
}
