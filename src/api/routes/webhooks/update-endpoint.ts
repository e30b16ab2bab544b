import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { webhookEndpoints } from "../../../db/schema/webhooks";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import {
  EndpointBodySchema,
  EndpointIdParamsSchema,
  presentEndpoint,
  validWebhookUrl,
  WebhookEndpointSchema,
} from "./schema";
import { endpointOf, findEndpoint } from "./tenant-queries";

const BodySchema = EndpointBodySchema.partial().extend({
  enabled: z.boolean().optional().openapi({ description: "`true` re-enables a disabled endpoint." }),
});

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.updateEndpoint",
  tags: ["Webhooks"],
  method: "patch",
  path: "/webhooks/endpoints/{id}",
  summary: "Update a webhook endpoint",
  description: "Changes the URL, subscribed types, description, or enabled state of an endpoint.",
  request: {
    params: EndpointIdParamsSchema,
    body: { required: true, content: { "application/json": { schema: BodySchema } } },
  },
  responses: {
    200: { description: "The endpoint.", content: { "application/json": { schema: WebhookEndpointSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found"]),
  },
});

export function registerUpdateWebhookEndpoint(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const tenant = c.var.principal;
    await findEndpoint(c.var.db, tenant, id);
    const patch: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: new Date() };
    if (body.url !== undefined) patch.url = validWebhookUrl(c.env, body.url);
    if (body.eventTypes !== undefined) patch.eventTypes = [...new Set(body.eventTypes)];
    if (body.description !== undefined) patch.description = body.description;
    if (body.enabled !== undefined) {
      patch.enabled = body.enabled;
      if (body.enabled) Object.assign(patch, { disabledReason: null, failingSince: null });
      else patch.disabledReason = "Disabled by the application.";
    }
    const [row] = await c.var.db.update(webhookEndpoints).set(patch).where(endpointOf(tenant, id)).returning();
    // Deleted by a concurrent DELETE since findEndpoint: the same 404 as if the delete came first (was a 500).
    if (!row) throw new ApiError("not_found", "No webhook endpoint with this id.");
    return c.json(WebhookEndpointSchema.parse(presentEndpoint(row)), 200);
  });
}
