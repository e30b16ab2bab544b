import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { webhookEndpoints } from "../../../db/schema/webhooks";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { newId } from "../../../lib/ids";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import {
  EndpointBodySchema,
  newSigningSecret,
  presentEndpoint,
  validWebhookUrl,
  WebhookEndpointWithSecretSchema,
} from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.createEndpoint",
  tags: ["Webhooks"],
  method: "post",
  path: "/webhooks/endpoints",
  summary: "Create a webhook endpoint",
  description:
    "Registers an https URL to receive the application's events of this environment (all types unless `eventTypes` is given). Answers the signing secret once.",
  request: { body: { required: true, content: { "application/json": { schema: EndpointBodySchema } } } },
  responses: {
    201: {
      description: "The endpoint, with its signing secret.",
      content: { "application/json": { schema: WebhookEndpointWithSecretSchema } },
    },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden"]),
  },
});

export function registerCreateWebhookEndpoint(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const body = c.req.valid("json");
    const url = validWebhookUrl(c.env, body.url);
    const now = new Date();
    const id = newId("webhookEndpoint", now.getTime());
    const { secret, secretEncrypted } = await newSigningSecret(c.env, id);
    const [row] = await c.var.db
      .insert(webhookEndpoints)
      .values({
        id,
        applicationId: c.var.principal.applicationId,
        environment: c.var.principal.environment,
        url,
        description: body.description ?? null,
        eventTypes: [...new Set(body.eventTypes ?? [])],
        secretEncrypted,
        enabled: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("webhook endpoint not inserted");
    return c.json(WebhookEndpointWithSecretSchema.parse({ ...presentEndpoint(row), secret }), 201);
  });
}
