import { recordId } from "../../lib/record-ids";
import type { NormalizedGroup } from "../../model/normalized";
import { type Item, toMs, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = ["name", "description", "parent_id", "source_created_at", "source_updated_at"];

/** Writes a page of groups; a parent is referenced by the id its source id will have. */
export function writeGroups(context: WriteContext, items: Item<NormalizedGroup>[]) {
  return writeRecords(context, { table: "groups", kind: "group", columns: COLUMNS }, items, async (group) => [
    group.name,
    group.description ?? null,
    group.parentSourceId ? await recordId(context.connection, "group", group.parentSourceId) : null,
    toMs(group.createdAt),
    toMs(group.updatedAt),
  ]);
}
