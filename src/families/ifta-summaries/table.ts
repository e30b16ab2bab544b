import { index, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { syncedColumns } from "../../db/schema/columns";

/**
 * The distance each vehicle drove in each IFTA jurisdiction, one row per provider report: a
 * vehicle's day or month in one jurisdiction (`period` as the provider reports it; `month` its
 * first seven characters, what the summary filters and groups by). The summary reads sums over
 * a range of months: by vehicle (vehicle_jurisdiction_idx, in the order it pages the groups), or
 * across the fleet by jurisdiction (month_idx, only the range's rows).
 */
export const iftaDistances = sqliteTable(
  "ifta_distances",
  {
    ...syncedColumns,
    vehicleId: text("vehicle_id").notNull(),
    period: text("period").notNull(),
    month: text("month").notNull(),
    jurisdiction: text("jurisdiction"),
    distance: real("distance").notNull(),
    fuel: real("fuel"),
  },
  (table) => [
    uniqueIndex("ifta_distances_source_unique").on(table.connectionId, table.sourceId),
    index("ifta_distances_connection_idx").on(table.connectionId, table.id),
    index("ifta_distances_vehicle_jurisdiction_idx").on(
      table.connectionId,
      table.vehicleId,
      table.jurisdiction,
      table.month,
    ),
    index("ifta_distances_month_idx").on(table.connectionId, table.month, table.jurisdiction, table.vehicleId),
  ],
);
export type IftaDistanceRow = typeof iftaDistances.$inferSelect;
