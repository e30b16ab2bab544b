import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { ExpandedGroupSchema } from "../groups/expanded";
import { filteredListQuerySchema, idParamsSchema, RawQuerySchema, RawSchema } from "../kit/schemas";
import { driverFields } from "./expanded";

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

export const DriverIdParamsSchema = idParamsSchema("driver");

export const GetDriverQuerySchema = z.object({ raw: RawQuerySchema, expand: DriverExpandSchema });

export const ListDriversQuerySchema = filteredListQuerySchema("drivers", DriverExpandSchema);
