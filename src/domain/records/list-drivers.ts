import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DriverRow, drivers } from "../../db/schema";
import type { Decoded } from "../../db/tolerant-rows";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";
import { type ReadRow, readRows } from "./read-columns";

/** One page of a connection's drivers in id order, `limit + 1` rows. */
export async function listDrivers(
  db: Database,
  connectionId: string,
  filters: RecordListFilters,
  page: IdPage,
): Promise<Decoded<ReadRow<DriverRow>>[]> {
  const { fields, decode } = readRows(drivers, page.raw ?? false);
  const rows = await db
    .select(fields)
    .from(drivers)
    .where(syncedListCondition(drivers, connectionId, filters, page))
    .orderBy(asc(drivers.id))
    .limit(page.limit + 1);
  return rows.map(decode);
}
