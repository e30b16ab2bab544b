import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { ExpandedGroupSchema } from "../groups/expanded";
import { listQuerySchema, RawSchema } from "../kit/schemas";
import { trailerFields } from "./expanded";

export const TrailerSchema = z
  .object({
    ...trailerFields,
    groups: z
      .array(z.union([idSchema("group"), ExpandedGroupSchema]))
      .openapi({ description: "Group ids; group objects with `expand=groups`." }),
    raw: RawSchema.optional(),
  })
  .openapi("Trailer", { description: "A trailer of the connection's fleet." });

export const ListTrailersQuerySchema = listQuerySchema(
  z.enum(["groups"]).optional().openapi({ description: "Turns the `groups` ids into objects.", example: "groups" }),
);
