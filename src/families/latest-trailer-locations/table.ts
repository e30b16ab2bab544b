import { primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "../../db/schema/columns";
import type { RawEntry } from "../../model/normalized";

/**
 * The latest known location of each trailer of a connection: one row per trailer, replaced by
 * every refresh of the provider's live snapshot. `modified_at` moves only when the content changes.
 */
export const latestTrailerLocations = sqliteTable(
  "latest_trailer_locations",
  {
    connectionId: text("connection_id").notNull(),
    trailerId: text("trailer_id").notNull(),
    provider: text("provider").notNull(),
    locatedAt: timestamp("located_at").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    address: text("address"),
    heading: real("heading"),
    speed: real("speed"),
    addedAt: timestamp("added_at").notNull(),
    modifiedAt: timestamp("modified_at").notNull(),
    contentHash: text("content_hash").notNull(),
    raw: text("raw", { mode: "json" }).$type<RawEntry>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.trailerId] })],
);
export type LatestTrailerLocationRow = typeof latestTrailerLocations.$inferSelect;
