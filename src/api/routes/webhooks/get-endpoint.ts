import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentRecord } from "../../../http/present-rows";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { EndpointIdParamsSchema, presentEndpoint, WebhookEndpointSchema } from "./schema";
import { findEndpoint } from "./tenant-queries";

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.getEndpoint",
  tags: ["Webhooks"],
  method: "get",
  path: "/webhooks/endpoints/{id}",
  summary: "Get a webhook endpoint",
  description: "One endpoint of the application in this environment (without its secret).",
  request: { params: EndpointIdParamsSchema },
  responses: {
    200: { description: "The endpoint.", content: { "application/json": { schema: WebhookEndpointSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found"]),
  },
});

export function registerGetWebhookEndpoint(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "viewer");
    const row = await findEndpoint(c.var.db, c.var.principal, c.req.valid("param").id);
    const body = await presentRecord("webhook_endpoints", row.id, WebhookEndpointSchema, () => presentEndpoint(row));
    return c.json(body, 200);
  });
}
