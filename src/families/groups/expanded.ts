import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { optional, presentSourceTimes, presentSynced } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { ProviderSchema, RecordMetadataSchema, SourceIdSchema } from "../kit/schemas";
import type { groups } from "./table";

export const groupFields = {
  id: idSchema("group"),
  sourceId: SourceIdSchema,
  provider: ProviderSchema,
  name: z.string().openapi({ example: "West region" }),
  description: z.string().optional().openapi({ example: "Trucks based in Sacramento" }),
  parent: idSchema("group").optional().openapi({ description: "The parent group." }),
  metadata: RecordMetadataSchema,
  createdAt: DateTimeSchema.optional().openapi({
    description: "Creation time in the provider system; absent when the provider does not say.",
  }),
  updatedAt: DateTimeSchema.optional().openapi({
    description: "Last update in the provider system; absent when the provider does not say.",
  }),
};

/** A group as another record embeds it with `expand`. */
export const ExpandedGroupSchema = z
  .object(groupFields)
  .openapi("ExpandedGroup", { description: "A group inside an expanded field; its `parent` stays an id." });

export type GroupRecord = RecordOf<typeof groups>;

/**
 * A group with its own references as ids: what an expanded field holds, and what presentGroup starts from.
 * `createdAt`/`updatedAt` are the provider's.
 */
export function presentExpandedGroup(row: GroupRecord): z.infer<typeof ExpandedGroupSchema> {
  return {
    ...presentSynced(row),
    name: row.name,
    ...optional("description", row.description),
    ...optional("parent", row.parentId),
    ...presentSourceTimes(row),
  };
}
