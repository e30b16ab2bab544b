import type { GroupRow } from "../../db/schema";
import type { RawEntry } from "../../model/normalized";
import { type MetadataView, optional, presentMetadata, presentRaw, reference } from "./present-common";
import type { ReadRow } from "./read-columns";

export type GroupView = {
  id: string;
  sourceId: string;
  provider: string;
  name: string;
  description?: string;
  parent?: string | GroupView;
  metadata: MetadataView;
  raw?: RawEntry[];
};

/** A group (wire-compat.md "Other resource shapes"); `parents` loaded turns `parent` into the group object. */
export function presentGroup(
  row: ReadRow<GroupRow>,
  options: { raw?: boolean; parents?: ReadonlyMap<string, ReadRow<GroupRow>> } = {},
): GroupView {
  return {
    id: row.id,
    sourceId: row.sourceId,
    provider: row.provider,
    name: row.name,
    ...optional("description", row.description),
    ...optional(
      "parent",
      row.parentId === null ? undefined : reference(row.parentId, options.parents, (parent) => presentGroup(parent)),
    ),
    metadata: presentMetadata(row),
    ...presentRaw(options.raw, row.raw),
  };
}
