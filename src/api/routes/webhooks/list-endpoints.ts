import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { and, asc, gt } from "drizzle-orm";
import { webhookEndpoints } from "../../../db/schema/webhooks";
import { ofTenant } from "../../../db/tenant";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { PaginationQuerySchema, pageSchema, readCursor } from "../../../http/schemas/pagination";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { presentEndpoint, WebhookEndpointSchema } from "./schema";
import { endpointRows } from "./tenant-queries";

const PageSchema = pageSchema(WebhookEndpointSchema, "WebhookEndpointPage");

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.listEndpoints",
  tags: ["Webhooks"],
  method: "get",
  path: "/webhooks/endpoints",
  summary: "List webhook endpoints",
  description: "The application's endpoints in this environment, in creation order.",
  request: { query: PaginationQuerySchema },
  responses: {
    200: { description: "A page of endpoints.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden"]),
  },
});

export function registerListWebhookEndpoints(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "viewer");
    const { cursor, limit } = c.req.valid("query");
    const tenant = c.var.principal;
    const scope = `webhooks.listEndpoints|${tenant.applicationId}|${tenant.environment}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await c.var.db
      .select(endpointRows.fields)
      .from(webhookEndpoints)
      .where(
        and(
          ...ofTenant(webhookEndpoints, tenant),
          after === undefined ? undefined : gt(webhookEndpoints.id, String(after[0])),
        ),
      )
      .orderBy(asc(webhookEndpoints.id))
      .limit(limit + 1)
      .then((found) => found.map(endpointRows.decode));
    const page = await presentPage(rows, {
      table: "webhook_endpoints",
      item: WebhookEndpointSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: presentEndpoint,
    });
    return c.json(page, 200);
  });
}
