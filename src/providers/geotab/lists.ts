import type { ProviderPage, ReadRequest } from "../types";
import { type GeotabClient, parseResult } from "./client";
import { decodeCursor, encodeCursor } from "./cursor";
import { isSystemGroup } from "./mapping";
import { compare, idOf, limitOf, MAX_RESULTS, SCHEMAS, unreadableIssue } from "./paging";
import { feedResult, geotabGroup } from "./payloads";

/**
 * Groups, with each one's `parent` filled from the listing's `children` (Get sends the tree
 * only as children). System groups are left out; a top-level group's parent is the system
 * company group, so it has none.
 */
export async function readGroups(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
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
    schema: SCHEMAS.groups,
    ...(listed.length > page.length && last !== undefined
      ? { nextCursor: encodeCursor("groups", { k: "after", id: idOf(last) }) }
      : {}),
    ...(unreadable > 0 && after === undefined ? { issues: [unreadableIssue(unreadable, "Group")] } : {}),
  };
}

/**
 * A GetFeed of Device or User from the beginning, `resultsLimit` records a page; the cursor holds
 * the last page's `toVersion`. `keep` leaves out what the model does not list (users who are not
 * drivers, devices without hardware): such a page may be short, or empty, and still not the last.
 */
export async function readFeed(
  client: GeotabClient,
  model: "vehicles" | "drivers" | "devices",
  typeName: "Device" | "User",
  request: ReadRequest,
  keep: (item: unknown) => boolean,
): Promise<ProviderPage> {
  const fromVersion = decodeCursor(request.cursor, model, "feed")?.v;
  const resultsLimit = limitOf(request.pageSize);
  const feed = parseResult(
    feedResult,
    await client.call("GetFeed", { typeName, resultsLimit, ...(fromVersion !== undefined ? { fromVersion } : {}) }),
    `GetFeed ${typeName}`,
  );
  // A full page may have more after it; a feed that did not move on (toVersion unchanged) has not.
  const more = feed.data.length >= resultsLimit && feed.toVersion !== fromVersion;
  return {
    items: feed.data.filter(keep),
    schema: SCHEMAS[model],
    ...(more ? { nextCursor: encodeCursor(model, { k: "feed", v: feed.toVersion }) } : {}),
  };
}
