import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { and, asc, eq, gt } from "drizzle-orm";
import { webhookDeliveries } from "../../../db/schema/webhooks";
import { ofTenant } from "../../../db/tenant";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { PaginationQuerySchema, pageSchema, readCursor } from "../../../http/schemas/pagination";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { EndpointIdParamsSchema, presentDelivery, WebhookDeliverySchema } from "./schema";
import { deliveryRows, findEndpoint } from "./tenant-queries";

const PageSchema = pageSchema(WebhookDeliverySchema, "WebhookDeliveryPage");

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.listDeliveries",
  tags: ["Webhooks"],
  method: "get",
  path: "/webhooks/endpoints/{id}/deliveries",
  summary: "List an endpoint's delivery attempts",
  description: "Every attempt to deliver an event to the endpoint, successful or not, oldest first.",
  request: { params: EndpointIdParamsSchema, query: PaginationQuerySchema },
  responses: {
    200: { description: "A page of delivery attempts.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden", "not_found"]),
  },
});

export function registerListWebhookDeliveries(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "admin");
    const { id } = c.req.valid("param");
    const { cursor, limit } = c.req.valid("query");
    const tenant = c.var.principal;
    await findEndpoint(c.var.db, tenant, id);
    const scope = `webhooks.listDeliveries|${tenant.applicationId}|${tenant.environment}|${id}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await c.var.db
      .select(deliveryRows.fields)
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, id),
          ...ofTenant(webhookDeliveries, tenant),
          after === undefined ? undefined : gt(webhookDeliveries.id, String(after[0])),
        ),
      )
      .orderBy(asc(webhookDeliveries.id))
      .limit(limit + 1)
      .then((found) => found.map(deliveryRows.decode));
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
