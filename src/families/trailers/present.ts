import type { z } from "@hono/zod-openapi";
import { type GroupRecord, presentExpandedGroup } from "../groups/expanded";
import { presentRaw, reference } from "../kit/present";
import { presentExpandedTrailer, type TrailerRecord } from "./expanded";
import type { TrailerSchema } from "./schema";

/** A trailer (data-families.md "Trailers"); `groups` loaded turn the ids into objects. */
export function presentTrailer(
  row: TrailerRecord,
  options: { raw?: boolean; expanded?: { groups?: ReadonlyMap<string, GroupRecord> } } = {},
): z.infer<typeof TrailerSchema> {
  return {
    ...presentExpandedTrailer(row),
    groups: row.groupIds.map((id) => reference(id, options.expanded?.groups, presentExpandedGroup)),
    ...presentRaw(options.raw, row.raw),
  };
}
