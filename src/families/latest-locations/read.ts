import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { inList } from "../../db/in-list";
import { afterKey } from "../../db/keyset";
import { drivers } from "../drivers/table";
import { type KeyPage, type ReadRow, readColumns } from "../kit/read";
import type { Reads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentLatestLocation } from "./present";
import { LatestVehicleLocationSchema } from "./schema";
import { type LatestLocationRow, latestLocations } from "./table";

export type LatestLocationFilters = { vehicleIds?: readonly string[]; driverIds?: readonly string[] };

/**
 * One page of the latest locations of the connection's visible vehicles, in vehicle id order
 * (the primary key's), `limit + 1` rows.
 */
async function listLatestLocations(
  db: Database,
  connectionId: string,
  filters: LatestLocationFilters,
  page: KeyPage,
): Promise<ReadRow<LatestLocationRow>[]> {
  return await db
    .select(readColumns(latestLocations, page.raw))
    .from(latestLocations)
    .where(
      and(
        eq(latestLocations.connectionId, connectionId),
        filters.vehicleIds === undefined ? undefined : inList(latestLocations.vehicleId, filters.vehicleIds),
        filters.driverIds === undefined ? undefined : inList(latestLocations.driverId, filters.driverIds),
        sql`exists (select 1 from ${vehicles} where ${vehicles.id} = ${latestLocations.vehicleId} and ${vehicles.connectionId} = ${latestLocations.connectionId} and ${vehicles.visibility} = 'visible')`,
        page.after === undefined ? undefined : afterKey([latestLocations.vehicleId], [String(page.after[0])], "asc"),
      ),
    )
    .orderBy(asc(latestLocations.vehicleId))
    .limit(page.limit + 1);
}

const expand = {
  vehicle: { table: vehicles, ids: (row: ReadRow<LatestLocationRow>) => [row.vehicleId] },
  driver: { table: drivers, ids: (row: ReadRow<LatestLocationRow>) => [row.driverId] },
};

export const latestLocationReads: Reads<
  ReadRow<LatestLocationRow>,
  LatestLocationFilters,
  typeof expand,
  typeof LatestVehicleLocationSchema
> = {
  table: "latest_vehicle_locations",
  schema: LatestVehicleLocationSchema,
  list: async (db, connectionId, filters, page) =>
    (await listLatestLocations(db, connectionId, filters, page)).map((row) => ({ ok: true, row })),
  keyOf: (row) => [row.vehicleId],
  expand,
  present: presentLatestLocation,
};
