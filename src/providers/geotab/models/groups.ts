import type { NormalizedGroup } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type GeotabClient, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import { geotabClient } from "../login";
import { compare, idOf, limitOf, MAX_RESULTS, unreadableIssue } from "../paging";
import { geotabGroup } from "../payloads";
import { isSystemGroup } from "../values";

/** The organization's group tree, in MyGeotab's one pace for calls (providers.md 3.3). */
export const geotabGroups: ProviderModel<"groups"> = {
  pace: "calls",
  read: (request) => readGroups(geotabClient(request), request),
  normalize: mapGroup,
};

/**
 * Groups, with each one's `parent` filled from the listing's `children` (Get sends the tree
 * only as children). System groups are left out; a top-level group's parent is the system
 * company group, so it has none.
 */
async function readGroups(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const after = decodeCursor(request.cursor, "groups", "after")?.id;
  const all = await client.get("Group", { resultsLimit: MAX_RESULTS });
  const parents = new Map<string, string>();
  for (const item of all) {
    const parsed = geotabGroup.safeParse(item);
    if (!parsed.success) continue;
    for (const child of parsed.data.children ?? []) parents.set(child.id, parsed.data.id);
  }
  // A group without an id cannot be placed in the listing (nor referenced): counted, not listed.
  const unreadable = all.filter((item) => idOf(item) === "").length;
  const listed = all
    .filter((item) => idOf(item) !== "" && !isSystemGroup(idOf(item)))
    .sort((a, b) => compare(idOf(a), idOf(b)))
    .filter((item) => after === undefined || compare(idOf(item), after) > 0);
  const page = listed.slice(0, limitOf(request.pageSize));
  const items = page.map((item) => {
    const parent = parents.get(idOf(item));
    return parent === undefined || isSystemGroup(parent) || typeof item !== "object" || item === null
      ? item
      : { ...item, parent: { id: parent } };
  });
  const last = page.at(-1);
  return {
    items,
    schema: "geotab.Group",
    ...(listed.length > page.length && last !== undefined
      ? { nextCursor: encodeCursor("groups", { k: "after", id: idOf(last) }) }
      : {}),
    ...(unreadable > 0 && after === undefined ? { issues: [unreadableIssue(unreadable, "Group")] } : {}),
  };
}

/** A group; Geotab's Group carries no creation or update time, so the group has neither. */
export function mapGroup(payload: unknown): NormalizedGroup {
  const group = parsePayload(PROVIDER, geotabGroup, payload, "Group");
  const description = nonBlank(group.comments);
  const parent = group.parent?.id;
  return {
    sourceId: group.id,
    name: nonBlank(group.name) ?? group.id,
    ...(description !== undefined ? { description } : {}),
    ...(parent !== undefined && !isSystemGroup(parent) ? { parentSourceId: parent } : {}),
  };
}
