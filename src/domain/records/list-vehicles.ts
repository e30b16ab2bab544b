import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type VehicleRow, vehicles } from "../../db/schema";
import type { Decoded } from "../../db/tolerant-rows";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";
import { type ReadRow, readRows } from "./read-columns";

/** One page of a connection's vehicles in id order, `limit + 1` rows (the extra one says another page follows). */
export async function listVehicles(
  db: Database,
  connectionId: string,
  filters: RecordListFilters,
  page: IdPage,
): Promise<Decoded<ReadRow<VehicleRow>>[]> {
  const { fields, decode } = readRows(vehicles, page.raw ?? false);
  const rows = await db
    .select(fields)
    .from(vehicles)
    .where(syncedListCondition(vehicles, connectionId, filters, page))
    .orderBy(asc(vehicles.id))
    .limit(page.limit + 1);
  return rows.map(decode);
}
