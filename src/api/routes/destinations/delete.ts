import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteDestination, findDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { DestinationIdParamsSchema } from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "destinations.delete",
  tags: ["Destinations"],
  method: "delete",
  path: "/destinations/{id}",
  summary: "Delete a destination",
  description:
    "Removes the destination, its deliveries' records and where they stood. What it delivered stays where it was delivered; a delivery under way stops.",
  request: { params: DestinationIdParamsSchema },
  responses: {
    204: { description: "Deleted." },
    ...errorResponses([...APPLICATION_ERRORS, "not_found"]),
  },
});

export function registerDeleteDestination(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const context = { db: c.var.db, env: c.env };
    await deleteDestination(context, await findDestination(context, c.var.principal, c.req.valid("param").id));
    return c.body(null, 204);
  });
}
