import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { cancelSync } from "../../../domain/syncs/cancel";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { CONNECTION_ERRORS, syncObjectScope } from "../scopes";
import { SyncActionResultSchema, SyncIdParamsSchema } from "./schema";

const route = createRoute({
  ...syncObjectScope,
  operationId: "syncs.cancel",
  tags: ["Syncs"],
  method: "post",
  path: "/syncs/{id}/cancel",
  summary: "Cancel a sync job",
  description:
    "Stops a running sync job: it ends `failed` with a failure reason saying it was cancelled. Data already stored stays. Only a running job: another answers 422 `invalid_sync_state`, as the reference documents.",
  request: { params: SyncIdParamsSchema },
  responses: {
    200: { description: "The job was cancelled.", content: { "application/json": { schema: SyncActionResultSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found", "invalid_sync_state"]),
  },
});

export function registerCancelSync(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    await cancelSync({ db: c.var.db, env: c.env }, c.var.connection, id);
    return c.json(SyncActionResultSchema.parse({ id, message: "The sync job was cancelled." }), 200);
  });
}
