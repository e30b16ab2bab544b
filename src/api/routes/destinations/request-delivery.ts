import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { requestDelivery } from "../../../domain/deliveries/request";
import { findDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { DeliverySchema, presentDelivery, RequestDeliveryBodySchema } from "./deliveries-schema";
import { DestinationIdParamsSchema } from "./schema";

const requestRoute = createRoute({
  ...applicationScope,
  operationId: "destinations.requestDelivery",
  tags: ["Destinations"],
  method: "post",
  path: "/destinations/{id}/deliveries",
  summary: "Request a delivery",
  description:
    "A manual delivery of the destination's models: every record version that changed since its last completed delivery, of all its connections or of `connectionIds`. One delivery of a destination runs at a time (409 while one does). Its progress comes as `delivery.*` webhooks.",
  request: {
    params: DestinationIdParamsSchema,
    body: { required: false, content: { "application/json": { schema: RequestDeliveryBodySchema } } },
  },
  responses: {
    202: { description: "The delivery, requested.", content: { "application/json": { schema: DeliverySchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "not_found", "conflict"]),
  },
});

export function registerRequestDelivery(app: OpenAPIHono<AppEnv>) {
  app.openapi(requestRoute, async (c) => {
    requireRole(c, "admin");
    const context = { db: c.var.db, env: c.env };
    const destination = await findDestination(context, c.var.principal, c.req.valid("param").id);
    const body = (c.req.header("content-type")?.includes("json") ? c.req.valid("json") : undefined) ?? {};
    const delivery = await requestDelivery(context, destination, {
      trigger: "manual",
      connectionIds: body.connectionIds,
    });
    return c.json(presentDelivery(delivery, destination), 202);
  });
}
