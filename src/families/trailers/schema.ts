import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { ExpandedGroupSchema } from "../groups/expanded";
import { idParamsSchema, listQuerySchema, RawQuerySchema, RawSchema } from "../kit/schemas";
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

const TrailerExpandSchema = z
  .enum(["groups"])
  .optional()
  .openapi({ description: "Turns the `groups` ids into objects.", example: "groups" });

export const TrailerIdParamsSchema = idParamsSchema("trailer");

export const GetTrailerQuerySchema = z.object({ raw: RawQuerySchema, expand: TrailerExpandSchema });

export const ListTrailersQuerySchema = listQuerySchema(TrailerExpandSchema);
