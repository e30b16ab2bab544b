import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import { webhookDeliveries, webhookEvents } from "../../../db/schema/webhooks";
import { ofTenant } from "../../../db/tenant";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { PaginationQuerySchema, pageSchema, readCursor } from "../../../http/schemas/pagination";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { EndpointIdParamsSchema, presentDelivery, WebhookDeliverySchema } from "./schema";
import { deliveryWithTypeRows, findEndpoint } from "./tenant-queries";

const PageSchema = pageSchema(WebhookDeliverySchema, "WebhookDeliveryPage");

const QuerySchema = PaginationQuerySchema.extend({
  order: z
    .enum(["asc", "desc"])
    .default("asc")
    .openapi({ description: "`asc` (default): oldest first; `desc`: newest first." }),
});

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.listDeliveries",
  tags: ["Webhooks"],
  method: "get",
  path: "/webhooks/endpoints/{id}/deliveries",
  summary: "List an endpoint's delivery attempts",
  description:
    "Every attempt to deliver an event to the endpoint, successful or not, with the event's type: oldest first, or newest first with `order=desc`.",
  request: { params: EndpointIdParamsSchema, query: QuerySchema },
  responses: {
    200: { description: "A page of delivery attempts.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found"]),
  },
});

export function registerListWebhookDeliveries(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "viewer");
    const { id } = c.req.valid("param");
    const { cursor, limit, order } = c.req.valid("query");
    const tenant = c.var.principal;
    await findEndpoint(c.var.db, tenant, id);
    // The order is part of the cursor's scope: a cursor of one order is refused in the other.
    const scope = `webhooks.listDeliveries|${tenant.applicationId}|${tenant.environment}|${id}${order === "desc" ? "|desc" : ""}`;
    const beyond = order === "desc" ? lt : gt;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await c.var.db
      .select(deliveryWithTypeRows.fields)
      .from(webhookDeliveries)
      // The event's type, from the event the attempt delivered (the same tenant's, by its key).
      .leftJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(
        and(
          eq(webhookDeliveries.endpointId, id),
          ...ofTenant(webhookDeliveries, tenant),
          after === undefined ? undefined : beyond(webhookDeliveries.id, String(after[0])),
        ),
      )
      .orderBy(order === "desc" ? desc(webhookDeliveries.id) : asc(webhookDeliveries.id))
      .limit(limit + 1)
      .then((found) => found.map(deliveryWithTypeRows.decode));
    const page = await presentPage(rows, {
      table: "webhook_deliveries",
      item: WebhookDeliverySchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: presentDelivery,
    });
    return c.json(page, 200);
  });
}
