import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { and, desc, eq, lt } from "drizzle-orm";
import { destinationDeliveries } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import { findDestination } from "../../../domain/destinations/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { PaginationQuerySchema, pageSchema, readCursor } from "../../../http/schemas/pagination";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { DeliverySchema, presentDelivery } from "./deliveries-schema";
import { DestinationIdParamsSchema } from "./schema";

const listRoute = createRoute({
  ...applicationScope,
  operationId: "destinations.listDeliveries",
  tags: ["Destinations"],
  method: "get",
  path: "/destinations/{id}/deliveries",
  summary: "List a destination's deliveries",
  description: "Its deliveries, newest first.",
  request: { params: DestinationIdParamsSchema, query: PaginationQuerySchema },
  responses: {
    200: {
      description: "A page of deliveries.",
      content: { "application/json": { schema: pageSchema(DeliverySchema, "DeliveryPage") } },
    },
    ...errorResponses([...APPLICATION_ERRORS, "not_found"]),
  },
});

export function registerListDeliveries(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    requireRole(c, "viewer");
    const context = { db: c.var.db, env: c.env };
    const destination = await findDestination(context, c.var.principal, c.req.valid("param").id);
    const { cursor, limit } = c.req.valid("query");
    const scope = `destinations.listDeliveries|${destination.id}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await c.var.db
      .select()
      .from(destinationDeliveries)
      .where(
        and(
          eq(destinationDeliveries.destinationId, destination.id),
          ...ofTenant(destinationDeliveries, destination),
          after === undefined ? undefined : lt(destinationDeliveries.id, String(after[0])),
        ),
      )
      .orderBy(desc(destinationDeliveries.id))
      .limit(limit + 1);
    const page = await presentPage(
      rows.map((row) => ({ ok: true as const, row })),
      {
        table: "destination_deliveries",
        item: DeliverySchema,
        limit,
        secret: c.env.ENCRYPTION_KEY,
        scope,
        present: (row) => presentDelivery(row, destination),
      },
    );
    return c.json(page, 200);
  });
}
