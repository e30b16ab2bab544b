import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { CreateDestinationBodySchema, DestinationSchema, presentDestination } from "./schema";

const route = createRoute({
  ...applicationScope,
  operationId: "destinations.create",
  tags: ["Destinations"],
  method: "post",
  path: "/destinations",
  summary: "Create a destination",
  description:
    "Adds a place the application's synced data is delivered to: `r2` (a prefix in the deployment's bucket), `s3` (any S3-compatible bucket) or `kinesis` (a Kinesis-compatible stream), for the models and connections given. Its credentials are sealed and never returned. A new destination's first delivery is a backfill of everything.",
  request: {
    body: { required: true, content: { "application/json": { schema: CreateDestinationBodySchema } } },
  },
  responses: {
    201: { description: "The destination.", content: { "application/json": { schema: DestinationSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "conflict"]),
  },
});

export function registerCreateDestination(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const row = await createDestination({ db: c.var.db, env: c.env }, c.var.principal, c.req.valid("json"));
    return c.json(presentDestination(row), 201);
  });
}
