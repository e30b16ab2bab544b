import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { retrySync } from "../../../domain/syncs/retry";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { CONNECTION_ERRORS, syncObjectScope } from "../scopes";
import { SyncActionResultSchema, SyncIdParamsSchema } from "./schema";

const route = createRoute({
  ...syncObjectScope,
  operationId: "syncs.retry",
  tags: ["Syncs"],
  method: "post",
  path: "/syncs/{id}/retry",
  summary: "Retry a failed sync job",
  description:
    "Retries a failed sync job with the same parameters (for failures from temporary problems). The job keeps its id; `attempts` counts the tries. Only a failed job (another answers 422 `invalid_sync_state`, as the reference documents), only on a connected connection; `conflict` while another sync of the connection runs.",
  request: { params: SyncIdParamsSchema },
  responses: {
    200: { description: "The job was retried.", content: { "application/json": { schema: SyncActionResultSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found", "conflict", "connection_disconnected", "invalid_sync_state"]),
  },
});

export function registerRetrySync(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    await retrySync({ db: c.var.db, env: c.env }, c.var.connection, id);
    return c.json(SyncActionResultSchema.parse({ id, message: "The sync job was retried." }), 200);
  });
}
