import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { and, asc, gt } from "drizzle-orm";
import { destinations } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { destinationRows } from "../../../domain/destinations/rows";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { PaginationQuerySchema, pageSchema, readCursor } from "../../../http/schemas/pagination";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { DestinationSchema, presentDestination } from "./schema";

const PageSchema = pageSchema(DestinationSchema, "DestinationPage");

const route = createRoute({
  ...applicationScope,
  operationId: "destinations.list",
  tags: ["Destinations"],
  method: "get",
  path: "/destinations",
  summary: "List destinations",
  description: "The application's destinations in this environment, in creation order.",
  request: { query: PaginationQuerySchema },
  responses: {
    200: { description: "A page of destinations.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses([...APPLICATION_ERRORS]),
  },
});

export function registerListDestinations(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "viewer");
    const { cursor, limit } = c.req.valid("query");
    const tenant = c.var.principal;
    const scope = `destinations.list|${tenant.applicationId}|${tenant.environment}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await c.var.db
      .select(destinationRows.fields)
      .from(destinations)
      .where(
        and(...ofTenant(destinations, tenant), after === undefined ? undefined : gt(destinations.id, String(after[0]))),
      )
      .orderBy(asc(destinations.id))
      .limit(limit + 1)
      .then((found) => found.map(destinationRows.decode));
    const page = await presentPage(rows, {
      table: "destinations",
      item: DestinationSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: presentDestination,
    });
    return c.json(page, 200);
  });
}
