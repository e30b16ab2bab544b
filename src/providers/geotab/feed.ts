import type { ProviderPage, ReadRequest } from "../types";
import { type GeotabClient, parseResult } from "./client";
import { decodeCursor, encodeCursor } from "./cursor";
import { limitOf } from "./paging";
import { feedResult } from "./payloads";

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
    schema: `geotab.${typeName}`,
    ...(more ? { nextCursor: encodeCursor(model, { k: "feed", v: feed.toVersion }) } : {}),
  };
}
