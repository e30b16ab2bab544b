import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { listQuerySchema, RawSchema } from "../kit/schemas";
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

export const ListGroupsQuerySchema = listQuerySchema(
  z
    .enum(["parent"])
    .optional()
    .openapi({ description: "Turns `parent` into the parent group object.", example: "parent" }),
);
