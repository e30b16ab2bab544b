import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { findDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { DestinationIdParamsSchema, DestinationSchema, presentDestination } from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "destinations.get",
  tags: ["Destinations"],
  method: "get",
  path: "/destinations/{id}",
  summary: "Get a destination",
  description: "One destination of the application in this environment (without its credentials).",
  request: { params: DestinationIdParamsSchema },
  responses: {
    200: { description: "The destination.", content: { "application/json": { schema: DestinationSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "not_found"]),
  },
});

export function registerGetDestination(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "viewer");
    const row = await findDestination({ db: c.var.db, env: c.env }, c.var.principal, c.req.valid("param").id);
    return c.json(presentDestination(row), 200);
  });
}
