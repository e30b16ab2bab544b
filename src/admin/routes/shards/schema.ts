import { z } from "@hono/zod-openapi";
import { SHARD_STATUSES } from "../../../db/schema";
import { SHARD_NAME } from "../../../db/shards";

export const ShardNameSchema = z.string().regex(SHARD_NAME).openapi({ example: "a" });

export const ShardNameParamsSchema = z.object({
  name: ShardNameSchema.openapi({ param: { name: "name", in: "path" } }),
});

export const ShardSchema = z
  .object({
    name: ShardNameSchema.openapi({ description: "The shard's name: its binding is `DATA_<NAME>`." }),
    status: z
      .enum(SHARD_STATUSES)
      .openapi({ description: "`closed`: takes no new connection; its connections work on." }),
    connections: z.number().int().nonnegative().openapi({ description: "Connections whose data is on the shard." }),
    rows: z.record(z.string(), z.number().int().nonnegative()).openapi({
      description: "Rows per table.",
      example: { vehicles: 1200, vehicle_utilization: 438000 },
    }),
    bytes: z.number().int().nonnegative().openapi({ description: "The database's size, as D1 reports it." }),
  })
  .openapi("Shard");

export const ShardListSchema = z.object({ results: z.array(ShardSchema) }).openapi("ShardList");

export const UpdateShardBodySchema = z.strictObject({ status: z.enum(SHARD_STATUSES) }).openapi("UpdateShardRequest");
