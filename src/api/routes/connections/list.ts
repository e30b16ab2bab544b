import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { listConnections } from "../../../domain/connections/list";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { PaginationQuerySchema, pageSchema, readCursor } from "../../../http/schemas/pagination";
import { presentConnection } from "../../../presenters/connection";
import { AnyConnectionSchema } from "../../../presenters/connection-schema";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { ListConnectionsQuerySchema } from "./schema";

const QuerySchema = ListConnectionsQuerySchema.extend(PaginationQuerySchema.shape);
const PageSchema = pageSchema(AnyConnectionSchema, "ConnectionPage");

const route = createRoute({
  ...applicationScope,
  operationId: "connections.list",
  tags: ["Connections"],
  method: "get",
  path: "/connections",
  summary: "List connections",
  description: "Every connection of the application in this environment, in creation order, filtered as asked.",
  request: { query: QuerySchema },
  responses: {
    200: { description: "A page of connections.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(APPLICATION_ERRORS),
  },
});

export function registerListConnections(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit, order, updatedAfter, updatedBefore, ...filters } = c.req.valid("query");
    const tenant = c.var.principal;
    const scope = `connections.list|${tenant.applicationId}|${tenant.environment}|${order}|${JSON.stringify({ ...filters, updatedAfter, updatedBefore })}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listConnections(
      c.var.db,
      tenant,
      {
        ...filters,
        updatedAfter: updatedAfter === undefined ? undefined : new Date(updatedAfter),
        updatedBefore: updatedBefore === undefined ? undefined : new Date(updatedBefore),
      },
      { limit, order, afterId: after === undefined ? undefined : String(after[0]) },
    );
    // A connection that cannot be presented is left out of the page, reported, and paged past (present-rows.ts).
    const page = await presentPage(rows, {
      table: "connections",
      item: AnyConnectionSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: (row) => presentConnection(c.env, row),
    });
    return c.json(page, 200);
  });
}
