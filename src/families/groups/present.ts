import type { z } from "@hono/zod-openapi";
import { optionalReference, presentRaw } from "../kit/present";
import { type GroupRecord, presentExpandedGroup } from "./expanded";
import type { GroupSchema } from "./schema";

/** A group (wire-compat.md "Other resource shapes"); `parent` loaded turns the parent's id into the group object. */
export function presentGroup(
  row: GroupRecord,
  options: { raw?: boolean; expanded?: { parent?: ReadonlyMap<string, GroupRecord> } } = {},
): z.infer<typeof GroupSchema> {
  return {
    ...presentExpandedGroup(row),
    ...optionalReference("parent", row.parentId, options.expanded?.parent, presentExpandedGroup),
    ...presentRaw(options.raw, row.raw),
  };
}
