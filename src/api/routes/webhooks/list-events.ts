import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, eq, gt } from "drizzle-orm";
import { webhookEvents } from "../../../db/schema/webhooks";
import { ofTenant } from "../../../db/tenant";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { PaginationQuerySchema, pageSchema, readCursor } from "../../../http/schemas/pagination";
import { requireRole } from "../../../middleware/roles";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { EventTypeSchema, presentEvent, WebhookEventSchema } from "./schema";
import { eventRows } from "./tenant-queries";

const PageSchema = pageSchema(WebhookEventSchema, "WebhookEventPage");
const QuerySchema = PaginationQuerySchema.extend({
  type: EventTypeSchema.optional().openapi({ description: "Only events of this type." }),
  connectionId: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "Only events of this connection.", example: "conn_01HZX5G1Q4V2M8T6W9K3R7N0PB" }),
});

const route = createRoute({
  ...applicationScope,
  operationId: "webhooks.listEvents",
  tags: ["Webhooks"],
  method: "get",
  path: "/webhooks/events",
  summary: "List webhook events",
  description: "Every event emitted to the application in this environment, oldest first, as it was delivered.",
  request: { query: QuerySchema },
  responses: {
    200: { description: "A page of events.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses([...APPLICATION_ERRORS, "forbidden"]),
  },
});

export function registerListWebhookEvents(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    requireRole(c, "viewer");
    const { cursor, limit, type, connectionId } = c.req.valid("query");
    const tenant = c.var.principal;
    const scope = `webhooks.listEvents|${tenant.applicationId}|${tenant.environment}|${JSON.stringify({ type, connectionId })}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await c.var.db
      .select(eventRows.fields)
      .from(webhookEvents)
      .where(
        and(
          ...ofTenant(webhookEvents, tenant),
          type === undefined ? undefined : eq(webhookEvents.type, type),
          connectionId === undefined ? undefined : eq(webhookEvents.connectionId, connectionId),
          after === undefined ? undefined : gt(webhookEvents.id, String(after[0])),
        ),
      )
      .orderBy(asc(webhookEvents.id))
      .limit(limit + 1)
      .then((found) => found.map(eventRows.decode));
    const page = await presentPage(rows, {
      table: "webhook_events",
      item: WebhookEventSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: presentEvent,
    });
    return c.json(page, 200);
  });
}
