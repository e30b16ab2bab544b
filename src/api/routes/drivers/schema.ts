import { z } from "@hono/zod-openapi";
import { BooleanQuerySchema, idSchema } from "../../../http/schemas/common";
import { PaginationQuerySchema } from "../../../http/schemas/pagination";
import {
  DeletedQuerySchema,
  driverFields,
  ExpandedGroupSchema,
  ModifiedAfterQuerySchema,
  ModifiedBeforeQuerySchema,
  RawQuerySchema,
  RawSchema,
} from "../../schemas/records";

export const DriverSchema = z
  .object({
    ...driverFields,
    groups: z
      .array(z.union([idSchema("group"), ExpandedGroupSchema]))
      .openapi({ description: "Group ids; group objects with `expand=groups`." }),
    raw: RawSchema.optional(),
  })
  .openapi("Driver", { description: "A driver of the connection's fleet (contract 2.5)." });

const DriverExpandSchema = z
  .enum(["groups"])
  .optional()
  .openapi({ description: "Turns the `groups` ids into group objects.", example: "groups" });

export const DriverIdParamsSchema = z.object({
  id: idSchema("driver").openapi({ param: { name: "id", in: "path" } }),
});

export const GetDriverQuerySchema = z.object({ raw: RawQuerySchema, expand: DriverExpandSchema });

export const ListDriversQuerySchema = PaginationQuerySchema.extend({
  modifiedAfter: ModifiedAfterQuerySchema,
  modifiedBefore: ModifiedBeforeQuerySchema,
  raw: RawQuerySchema,
  hidden: BooleanQuerySchema.openapi({
    description: "Also list drivers hidden by the connection's filters (`metadata.visibility` `hidden_by_…`).",
  }),
  deleted: DeletedQuerySchema,
  expand: DriverExpandSchema,
});
