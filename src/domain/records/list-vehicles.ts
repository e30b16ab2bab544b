import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type VehicleRow, vehicles } from "../../db/schema";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";
import { type ReadRow, readColumns } from "./read-columns";

/** One page of a connection's vehicles in id order, `limit + 1` rows (the extra one says another page follows). */
export function listVehicles(
  db: Database,
  connectionId: string,
  filters: RecordListFilters,
  page: IdPage,
): Promise<ReadRow<VehicleRow>[]> {
  return db
    .select(readColumns(vehicles, page.raw ?? false))
    .from(vehicles)
    .where(syncedListCondition(vehicles, connectionId, filters, page))
    .orderBy(asc(vehicles.id))
    .limit(page.limit + 1);
}
