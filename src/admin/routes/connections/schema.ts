import { z } from "@hono/zod-openapi";
import { CONNECTION_STATUSES, ENVIRONMENTS, MOVE_STATUSES } from "../../../db/schema";
import { DateTimeSchema, idSchema } from "../../../http/schemas/common";
import { ShardNameSchema } from "../shards/schema";

export const ConnectionIdParamsSchema = z.object({
  id: idSchema("connection").openapi({ param: { name: "id", in: "path" } }),
});

export const MoveSchema = z
  .object({
    id: idSchema("move"),
    source: ShardNameSchema,
    target: ShardNameSchema,
    status: z.enum(MOVE_STATUSES).openapi({
      description:
        "`waiting` for the connection's running sync to end; `copying` its rows in bounded batches; `cleaning` the source once the connection reads from the target; `completed`; `cancelled` by the connection's deletion.",
    }),
    rowsTotal: z.number().int().nonnegative().openapi({ description: "Rows to copy, counted when the copy began." }),
    rowsCopied: z.number().int().nonnegative(),
    rowsRemoved: z
      .number()
      .int()
      .nonnegative()
      .openapi({ description: "Rows removed from the source after the switch." }),
    requestedAt: DateTimeSchema,
    startedAt: DateTimeSchema.nullable(),
    switchedAt: DateTimeSchema.nullable().openapi({
      description: "When the connection started reading from the target.",
    }),
    completedAt: DateTimeSchema.nullable(),
  })
  .openapi("ShardMove");

export const OperatorConnectionSchema = z
  .object({
    id: idSchema("connection"),
    applicationId: idSchema("application"),
    environment: z.enum(ENVIRONMENTS),
    provider: z.string(),
    status: z.enum(CONNECTION_STATUSES),
    shard: ShardNameSchema.openapi({ description: "The data shard holding the connection's data." }),
    createdAt: DateTimeSchema,
    updatedAt: DateTimeSchema,
    move: MoveSchema.nullable().openapi({ description: "The move of its data under way, until it ends." }),
  })
  .openapi("OperatorConnection");

export const MoveBodySchema = z.strictObject({ shard: ShardNameSchema }).openapi("MoveConnectionRequest");
