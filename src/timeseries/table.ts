import { blob, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "../db/schema/columns";

/**
 * Vehicle time series (breadcrumbs and stat logs), one row per (connection, vehicle, series,
 * UTC hour), the hour's points in one compact blob (location-codec.ts, stat-codec.ts): a row
 * per point would cost about 100 bytes, this costs about ten. `series` is `location` or a stat
 * type. The points' provider payloads are in `vehicle_series_raw`, a row per series row: they are
 * several times larger and rarely read, and rows that large would leave this table's pages part
 * empty. Reads are ranges of the primary key (one vehicle's series, hour by hour); the hour index
 * finds a connection's oldest rows, which the archive and the retention sweep take first; the
 * modification index, the rows a delivery has not carried yet.
 */
export const vehicleSeries = sqliteTable(
  "vehicle_series",
  {
    connectionId: text("connection_id").notNull(),
    vehicleId: text("vehicle_id").notNull(),
    series: text("series").notNull(),
    /** Hours since the epoch (UTC). */
    hour: integer("hour").notNull(),
    pointCount: integer("point_count").notNull(),
    /** When the row's points last changed (a write that changed none keeps it). */
    modifiedAt: timestamp("modified_at").notNull(),
    points: blob("points").$type<Uint8Array>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.vehicleId, table.series, table.hour] }),
    index("vehicle_series_hour_idx").on(table.connectionId, table.hour, table.vehicleId),
    // Deliveries read a connection's rows changed since their last one, in this order (changed-points.ts).
    index("vehicle_series_modified_idx").on(
      table.connectionId,
      table.modifiedAt,
      table.vehicleId,
      table.series,
      table.hour,
    ),
  ],
);
export type VehicleSeriesRow = typeof vehicleSeries.$inferSelect;

/**
 * The provider payloads of a series row's points (raw-blob.ts: gzipped JSON), keyed as the row;
 * read only with `raw=true`, merged with the points, archived and deleted with them.
 */
export const vehicleSeriesRaw = sqliteTable(
  "vehicle_series_raw",
  {
    connectionId: text("connection_id").notNull(),
    vehicleId: text("vehicle_id").notNull(),
    series: text("series").notNull(),
    hour: integer("hour").notNull(),
    raw: blob("raw").$type<Uint8Array>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.vehicleId, table.series, table.hour] }),
    index("vehicle_series_raw_hour_idx").on(table.connectionId, table.hour),
  ],
);

/**
 * The vehicle-days of a connection's time series that live in object storage (SERIES_ARCHIVE),
 * one row per object: reads look here to know which days to fetch, retention and deletion to
 * know which objects to remove. `day` is days since the epoch (UTC).
 */
export const seriesArchive = sqliteTable(
  "series_archive",
  {
    connectionId: text("connection_id").notNull(),
    vehicleId: text("vehicle_id").notNull(),
    day: integer("day").notNull(),
    pointCount: integer("point_count").notNull(),
    bytes: integer("bytes").notNull(),
    archivedAt: timestamp("archived_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.vehicleId, table.day] }),
    // Retention takes a connection's oldest days first, whatever the vehicle.
    index("series_archive_day_idx").on(table.connectionId, table.day),
  ],
);
export type SeriesArchiveRow = typeof seriesArchive.$inferSelect;
