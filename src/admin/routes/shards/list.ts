import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { listShards } from "../../../domain/shards/directory";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { ShardListSchema } from "./schema";

const route = createRoute({
  operationId: "admin.shards.list",
  ...adminScope,
  method: "get",
  path: "/shards",
  summary: "List data shards",
  description:
    "Every data shard of the deployment (a `DATA_<NAME>` D1 binding) with its status, connections, rows per table and size in bytes. New connections go to the open shard with the fewest bytes.",
  responses: {
    200: { description: "The shards.", content: { "application/json": { schema: ShardListSchema } } },
    ...errorResponses(ADMIN_ERRORS),
  },
});

export function registerListShards(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const results = await listShards({ db: c.var.db, env: c.env });
    return c.json(ShardListSchema.parse({ results }), 200);
  });
}
