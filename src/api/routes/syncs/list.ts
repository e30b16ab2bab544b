import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { idOf } from "../../../db/tolerant-rows";
import { issuesOfSyncJobs, listSyncJobs } from "../../../domain/syncs/read";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage } from "../../../http/present-rows";
import { PaginationQuerySchema, pageSchema, readCursor } from "../../../http/schemas/pagination";
import { CONNECTION_ERRORS, connectionScope } from "../scopes";
import { presentSyncJobWithIssues } from "./present";
import { ExpandIssuesQuerySchema, SyncJobResponseSchema, SyncStatusQuerySchema } from "./schema";

const QuerySchema = PaginationQuerySchema.extend(SyncStatusQuerySchema.shape).extend(ExpandIssuesQuerySchema.shape);
const PageSchema = pageSchema(SyncJobResponseSchema, "SyncJobPage");

const route = createRoute({
  ...connectionScope,
  operationId: "syncs.list",
  tags: ["Syncs"],
  method: "get",
  path: "/syncs",
  summary: "List sync jobs",
  description: "The connection's sync jobs, newest first.",
  request: { query: QuerySchema },
  responses: {
    200: { description: "A page of sync jobs.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export function registerListSyncs(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit, status, expand } = c.req.valid("query");
    const connection = c.var.connection;
    const scope = `syncs.list|${connection.id}|${status ?? ""}|${expand ?? ""}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listSyncJobs(c.var.data, connection.id, status === undefined ? {} : { status }, {
      limit,
      ...(after === undefined ? {} : { afterId: String(after[0]) }),
    });
    const issues = await issuesOfSyncJobs(c.var.data, rows.slice(0, limit).map(idOf));
    const page = await presentPage(rows, {
      table: "sync_jobs",
      item: SyncJobResponseSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: (row) => presentSyncJobWithIssues(row, issues.get(row.id) ?? [], expand === "issues"),
    });
    return c.json(page, 200);
  });
}
