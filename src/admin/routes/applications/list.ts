import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { listApplications } from "../../../domain/applications/read";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { PaginationQuerySchema, pageSchema, readCursor, toPage } from "../../../http/schemas/pagination";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentApplication } from "./present";
import { ApplicationSchema } from "./schema";

const ApplicationPageSchema = pageSchema(ApplicationSchema, "ApplicationPage");

const route = createRoute({
  operationId: "admin.applications.list",
  ...adminScope,
  method: "get",
  path: "/applications",
  summary: "List applications",
  request: { query: PaginationQuerySchema },
  responses: {
    200: { description: "A page of applications.", content: { "application/json": { schema: ApplicationPageSchema } } },
    ...errorResponses(ADMIN_ERRORS),
  },
});

export function registerListApplications(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const scope = "admin.applications.list";
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listApplications(c.var.db, {
      limit,
      afterId: after === undefined ? undefined : String(after[0]),
    });
    const page = await toPage(rows, {
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      keyOf: ({ application }) => [application.id],
      present: presentApplication,
    });
    return c.json(ApplicationPageSchema.parse(page), 200);
  });
}
