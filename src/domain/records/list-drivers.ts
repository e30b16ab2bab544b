import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DriverRow, drivers } from "../../db/schema";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";
import { type ReadRow, readColumns } from "./read-columns";

/** One page of a connection's drivers in id order, `limit + 1` rows. */
export function listDrivers(
  db: Database,
  connectionId: string,
  filters: RecordListFilters,
  page: IdPage,
): Promise<ReadRow<DriverRow>[]> {
  return db
    .select(readColumns(drivers, page.raw ?? false))
    .from(drivers)
    .where(syncedListCondition(drivers, connectionId, filters, page))
    .orderBy(asc(drivers.id))
    .limit(page.limit + 1);
}
