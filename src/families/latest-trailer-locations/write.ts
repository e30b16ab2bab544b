import { type SQL, sql } from "drizzle-orm";
import { contentHash } from "../../lib/content-hash";
import { recordId } from "../../lib/record-ids";
import type { NormalizedLatestTrailerLocation } from "../../model/normalized";
import { upsertSnapshot } from "../kit/snapshot-write";
import { type Item, rawEntry, round2OrNull, type WriteContext } from "../kit/write";

const COLUMNS = [
  "connection_id",
  "trailer_id",
  "provider",
  "located_at",
  "latitude",
  "longitude",
  "address",
  "heading",
  "speed",
  "added_at",
  "modified_at",
  "content_hash",
  "raw",
];

/**
 * Writes a page of the provider's live trailer snapshot: one row per trailer, replaced only by
 * a position at least as recent; `modified_at` moves only when the content changed. Trailers
 * not synced (or deleted) are left out by the statement itself.
 */
export async function writeLatestTrailerLocations(
  context: WriteContext,
  items: Item<NormalizedLatestTrailerLocation>[],
): Promise<SQL[]> {
  if (!items.length) return [];
  const { connection, now } = context;
  const rows = await Promise.all(
    items.map(async ({ normalized: latest, payload }) => [
      connection.id,
      await recordId(connection, "trailer", latest.trailerSourceId),
      connection.provider,
      Date.parse(latest.locatedAt),
      latest.location.latitude,
      latest.location.longitude,
      latest.address ?? null,
      round2OrNull(latest.heading),
      round2OrNull(latest.speed),
      now,
      now,
      contentHash(latest),
      rawEntry(context, payload),
    ]),
  );
  return upsertSnapshot({
    table: "latest_trailer_locations",
    key: "trailer_id",
    columns: COLUMNS,
    rows,
    where: (column) =>
      sql`${column("trailer_id")} IN (SELECT id FROM trailers WHERE connection_id = ${connection.id} AND visibility = 'visible')`,
  });
}
