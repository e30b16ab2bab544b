import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { idParamsSchema, listQuerySchema, RawQuerySchema, RawSchema } from "../kit/schemas";
import { ExpandedGroupSchema, groupFields } from "./expanded";

export const GroupSchema = z
  .object({
    ...groupFields,
    parent: z
      .union([idSchema("group"), ExpandedGroupSchema])
      .optional()
      .openapi({ description: "The parent group's id; the group object with `expand=parent`." }),
    raw: RawSchema.optional(),
  })
  .openapi("Group", { description: "A group of vehicles and drivers at the provider." });

const GroupExpandSchema = z
  .enum(["parent"])
  .optional()
  .openapi({ description: "Turns `parent` into the parent group object.", example: "parent" });

export const GroupIdParamsSchema = idParamsSchema("group");

export const GetGroupQuerySchema = z.object({ raw: RawQuerySchema, expand: GroupExpandSchema });

export const ListGroupsQuerySchema = listQuerySchema(GroupExpandSchema);
