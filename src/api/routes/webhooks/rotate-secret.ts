import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { webhookEndpoints } from "../../../db/schema/webhooks";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { EndpointIdParamsSchema, newSigningSecret, presentEndpoint, WebhookEndpointWithSecretSchema } from "./schema";
import { endpointOf, findEndpoint } from "./tenant-queries";

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.rotateSecret",
  tags: ["Webhooks"],
  method: "post",
  path: "/webhooks/endpoints/{id}/rotate-secret",
  summary: "Rotate an endpoint's signing secret",
  description: "Replaces the signing secret at once; every later attempt is signed with the new one, shown only here.",
  request: { params: EndpointIdParamsSchema },
  responses: {
    200: {
      description: "The endpoint, with its new signing secret.",
      content: { "application/json": { schema: WebhookEndpointWithSecretSchema } },
    },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found"]),
  },
});

export function registerRotateWebhookSecret(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { id } = c.req.valid("param");
    await findEndpoint(c.var.db, c.var.principal, id);
    const { secret, secretEncrypted } = await newSigningSecret(c.env, id);
    const [row] = await c.var.db
      .update(webhookEndpoints)
      .set({ secretEncrypted, updatedAt: new Date() })
      .where(endpointOf(c.var.principal, id))
      .returning();
    // Deleted by a concurrent DELETE since findEndpoint: the same 404 as if the delete came first (was a 500).
    if (!row) throw new ApiError("not_found", "No webhook endpoint with this id.");
    return c.json(WebhookEndpointWithSecretSchema.parse({ ...presentEndpoint(row), secret }), 200);
  });
}
