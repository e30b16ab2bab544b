import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { presentMove } from "../../../domain/shards/moves/progress";
import { requestMove } from "../../../domain/shards/moves/request";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { ConnectionIdParamsSchema, MoveBodySchema, MoveSchema } from "./schema";

const route = createRoute({
  operationId: "admin.connections.move",
  ...adminScope,
  method: "post",
  path: "/connections/{id}/move",
  summary: "Move a connection's data to another shard",
  description:
    "Copies the connection's data to the shard in bounded batches through the queue while its reads go on, switches it atomically (same ids, nothing lost or duplicated), then removes the old copy. A running sync finishes first; a sync requested during the copy starts after the switch. `GET /admin/v1/connections/{id}` shows the progress.",
  request: {
    params: ConnectionIdParamsSchema,
    body: { required: true, content: { "application/json": { schema: MoveBodySchema } } },
  },
  responses: {
    202: { description: "The move, accepted.", content: { "application/json": { schema: MoveSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found", "conflict"]),
  },
});

export function registerMoveConnection(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const move = await requestMove({ db: c.var.db, env: c.env }, c.req.valid("param").id, c.req.valid("json").shard);
    return c.json(MoveSchema.parse(presentMove(move)), 202);
  });
}
