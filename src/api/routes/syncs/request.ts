import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { requestSync } from "../../../domain/syncs/request";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { CONNECTION_ERRORS, syncObjectScope } from "../scopes";
import { presentSyncJobWithIssues } from "./present";
import { RequestSyncBodySchema, SyncJobResponseSchema } from "./schema";

const route = createRoute({
  ...syncObjectScope,
  operationId: "syncs.request",
  tags: ["Syncs"],
  method: "post",
  path: "/syncs",
  summary: "Request a sync",
  description:
    "Starts a sync of the connection now (the way to sync a `manual` connection). One sync runs at a time per connection: while one runs, this answers `conflict`.",
  request: { body: { required: true, content: { "application/json": { schema: RequestSyncBodySchema } } } },
  responses: {
    201: {
      description: "The sync job, `requested`.",
      content: { "application/json": { schema: SyncJobResponseSchema } },
    },
    ...errorResponses([...CONNECTION_ERRORS, "conflict", "connection_disconnected"]),
  },
});

export function registerRequestSync(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const job = await requestSync({ db: c.var.db, env: c.env }, c.var.connection, c.req.valid("json"));
    return c.json(SyncJobResponseSchema.parse(presentSyncJobWithIssues(job, [], false)), 201);
  });
}
