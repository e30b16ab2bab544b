import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { findDestination, updateDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import {
  DestinationIdParamsSchema,
  DestinationSchema,
  presentDestination,
  UpdateDestinationBodySchema,
} from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "destinations.update",
  tags: ["Destinations"],
  method: "patch",
  path: "/destinations/{id}",
  summary: "Update a destination",
  description:
    "Changes its name, models, connections, schedule, `includeRaw` or configuration (its type stays). Models or connections it gains start with a backfill at its next delivery.",
  request: {
    params: DestinationIdParamsSchema,
    body: { required: true, content: { "application/json": { schema: UpdateDestinationBodySchema } } },
  },
  responses: {
    200: { description: "The destination.", content: { "application/json": { schema: DestinationSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "not_found"]),
  },
});

export function registerUpdateDestination(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const context = { db: c.var.db, env: c.env };
    const existing = await findDestination(context, c.var.principal, c.req.valid("param").id);
    const updated = await updateDestination(context, existing, c.req.valid("json"));
    return c.json(presentDestination(updated), 200);
  });
}
