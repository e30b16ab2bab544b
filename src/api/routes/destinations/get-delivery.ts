import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { findDelivery } from "../../../domain/deliveries/manifest";
import { findDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { DeliveryParamsSchema, DeliverySchema, presentDelivery } from "./deliveries-schema";

const getRoute = createRoute({
  ...applicationScope,
  operationId: "destinations.getDelivery",
  tags: ["Destinations"],
  method: "get",
  path: "/destinations/{id}/deliveries/{deliveryId}",
  summary: "Get a delivery",
  description: "One delivery of the destination: its status, trigger, connections, figures and times.",
  request: { params: DeliveryParamsSchema },
  responses: {
    200: { description: "The delivery.", content: { "application/json": { schema: DeliverySchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "not_found"]),
  },
});

export function registerGetDelivery(app: OpenAPIHono<AppEnv>) {
  app.openapi(getRoute, async (c) => {
    requireRole(c, "viewer");
    const { id, deliveryId } = c.req.valid("param");
    const destination = await findDestination({ db: c.var.db, env: c.env }, c.var.principal, id);
    const row = await findDelivery(c.var.db, destination, deliveryId);
    return c.json(presentDelivery(row, destination), 200);
  });
}
