import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { webhookEndpoints } from "../../../db/schema/webhooks";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { EndpointIdParamsSchema } from "./schema";
import { endpointOf, findEndpoint } from "./tenant-queries";

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.deleteEndpoint",
  tags: ["Webhooks"],
  method: "delete",
  path: "/webhooks/endpoints/{id}",
  summary: "Delete a webhook endpoint",
  description: "Stops every delivery to the endpoint, including retries already queued.",
  request: { params: EndpointIdParamsSchema },
  responses: {
    204: { description: "Deleted." },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found"]),
  },
});

export function registerDeleteWebhookEndpoint(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { id } = c.req.valid("param");
    await findEndpoint(c.var.db, c.var.principal, id);
    await c.var.db.delete(webhookEndpoints).where(endpointOf(c.var.principal, id));
    return c.body(null, 204);
  });
}
