import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { findSyncJob, issuesOfSyncJobs } from "../../../domain/syncs/read";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { presentRecord } from "../../../http/present-rows";
import { CONNECTION_ERRORS, connectionScope } from "../scopes";
import { presentSyncJobWithIssues } from "./present";
import { ExpandIssuesQuerySchema, SyncIdParamsSchema, SyncJobResponseSchema } from "./schema";

const route = createRoute({
  ...connectionScope,
  operationId: "syncs.get",
  tags: ["Syncs"],
  method: "get",
  path: "/syncs/{id}",
  summary: "Get a sync job",
  description: "A sync job of the connection: status, progress, issues and parameters.",
  request: { params: SyncIdParamsSchema, query: ExpandIssuesQuerySchema },
  responses: {
    200: { description: "The sync job.", content: { "application/json": { schema: SyncJobResponseSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export function registerGetSync(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const job = await findSyncJob(c.var.data, c.var.connection.id, id);
    if (!job) throw new ApiError("not_found", "No sync job with this id for this connection.");
    const issues = await issuesOfSyncJobs(c.var.data, [job.id]);
    const body = await presentRecord("sync_jobs", job.id, SyncJobResponseSchema, () =>
      presentSyncJobWithIssues(job, issues.get(job.id) ?? [], c.req.valid("query").expand === "issues"),
    );
    return c.json(body, 200);
  });
}
