import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { issuesOfSyncJobs, listSyncJobs } from "../../../domain/syncs/read";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../errors";
import { PaginationQuerySchema, pageSchema, readCursor, toPage } from "../../schemas/pagination";
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
    const rows = await listSyncJobs(c.var.db, connection.id, status === undefined ? {} : { status }, {
      limit,
      ...(after === undefined ? {} : { afterId: String(after[0]) }),
    });
    const issues = await issuesOfSyncJobs(
      c.var.db,
      rows.slice(0, limit).map((row) => row.id),
    );
    const page = await toPage(rows, {
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      keyOf: (row) => [row.id],
      present: (row) => presentSyncJobWithIssues(row, issues.get(row.id) ?? [], expand === "issues"),
    });
    return c.json(PageSchema.parse(page), 200);
  });
}
