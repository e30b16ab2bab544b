import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { isShard } from "../../../db/shards";
import { listShards, setShardStatus } from "../../../domain/shards/directory";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { ShardNameParamsSchema, ShardSchema, UpdateShardBodySchema } from "./schema";

const route = createRoute({
  operationId: "admin.shards.update",
  ...adminScope,
  method: "patch",
  path: "/shards/{name}",
  summary: "Open or close a data shard",
  description:
    "A closed shard takes no new connection and no move; the connections already on it keep working. Open it again to take connections. The last open shard cannot be closed.",
  request: {
    params: ShardNameParamsSchema,
    body: { required: true, content: { "application/json": { schema: UpdateShardBodySchema } } },
  },
  responses: {
    200: { description: "The shard.", content: { "application/json": { schema: ShardSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found", "conflict"]),
  },
});

export function registerUpdateShard(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { name } = c.req.valid("param");
    if (!isShard(c.env, name)) throw new ApiError("not_found", `No data shard named ${name} in this deployment.`);
    const context = { db: c.var.db, env: c.env };
    await setShardStatus(context, name, c.req.valid("json").status);
    const shard = (await listShards(context)).find((candidate) => candidate.name === name);
    return c.json(ShardSchema.parse(shard), 200);
  });
}
