import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { decodedRows } from "../../../db/tolerant-rows";
import { loadConnections } from "../../../domain/connections/load";
import { listIssues } from "../../../domain/issues/list";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { presentPage, presentReferences } from "../../../http/present-rows";
import { pageSchema, readCursor } from "../../../http/schemas/pagination";
import { presentConnection } from "../../../presenters/connection";
import { presentIssue } from "../../../presenters/issue";
import { AnyConnectionSchema } from "../connections/schema";
import { APPLICATION_ERRORS, applicationScope } from "../scopes";
import { IssueSchema, ListIssuesQuerySchema } from "./schema";

const PageSchema = pageSchema(IssueSchema, "IssuePage");

const route = createRoute({
  ...applicationScope,
  operationId: "issues.list",
  tags: ["Issues"],
  method: "get",
  path: "/issues",
  summary: "List issues",
  description:
    "Problems syncs of the application's connections in this environment ran into, ongoing and resolved, in a stable order. Uses the secret key alone: no Connection-Token.",
  request: { query: ListIssuesQuerySchema },
  responses: {
    200: { description: "A page of issues.", content: { "application/json": { schema: PageSchema } } },
    ...errorResponses(APPLICATION_ERRORS),
  },
});

export function registerListIssues(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const query = c.req.valid("query");
    const { cursor, limit, expand } = query;
    const tenant = c.var.principal;
    const filters = {
      connectionId: query.connectionId,
      errorCode: query.errorCode,
      status: query.status,
      lastReportedAfter: query.lastReportedAfter === undefined ? undefined : new Date(query.lastReportedAfter),
      lastReportedBefore: query.lastReportedBefore === undefined ? undefined : new Date(query.lastReportedBefore),
    };
    const scope = `issues.list|${tenant.applicationId}|${tenant.environment}|${JSON.stringify(filters)}`;
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listIssues(c.env, tenant, filters, {
      limit,
      afterId: after === undefined ? undefined : String(after[0]),
    });
    const connections =
      expand === "connection"
        ? await loadConnections(
            c.var.db,
            tenant,
            decodedRows(rows.slice(0, limit)).map((row) => row.connectionId),
          )
        : undefined;
    // A connection that cannot be presented stays an id in the issues that name it (present-rows.ts).
    const presented =
      connections === undefined
        ? undefined
        : await presentReferences("connections", connections, AnyConnectionSchema, (row) =>
            presentConnection(c.env, row),
          );
    const page = await presentPage(rows, {
      table: "issues",
      item: IssueSchema,
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      present: (row) => presentIssue(row, presented),
    });
    return c.json(page, 200);
  });
}
