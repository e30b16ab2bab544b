import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { connections } from "../../../db/schema";
import { activeMove, presentMove } from "../../../domain/shards/moves/progress";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { ConnectionIdParamsSchema, OperatorConnectionSchema } from "./schema";

const route = createRoute({
  operationId: "admin.connections.get",
  ...adminScope,
  method: "get",
  path: "/connections/{id}",
  summary: "Get a connection (operator view)",
  description:
    "A connection of any application as the operator sees it: its data shard, and the move of its data under way with its progress.",
  request: { params: ConnectionIdParamsSchema },
  responses: {
    200: { description: "The connection.", content: { "application/json": { schema: OperatorConnectionSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerGetOperatorConnection(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const db = c.var.db;
    const [[connection], move] = await Promise.all([
      db.select().from(connections).where(eq(connections.id, id)).limit(1),
      activeMove(db, id),
    ]);
    if (!connection) throw new ApiError("not_found", "No connection with this id.");
    const body = {
      id: connection.id,
      applicationId: connection.applicationId,
      environment: connection.environment,
      provider: connection.provider,
      status: connection.status,
      shard: connection.shard,
      createdAt: connection.createdAt.toISOString(),
      updatedAt: connection.updatedAt.toISOString(),
      move: move ? presentMove(move) : null,
    };
    return c.json(OperatorConnectionSchema.parse(body), 200);
  });
}
