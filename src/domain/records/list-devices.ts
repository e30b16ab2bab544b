import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DeviceRow, devices } from "../../db/schema";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";
import { type ReadRow, readColumns } from "./read-columns";

/** One page of a connection's devices in id order, `limit + 1` rows. */
export function listDevices(
  db: Database,
  connectionId: string,
  filters: Omit<RecordListFilters, "hidden">,
  page: IdPage,
): Promise<ReadRow<DeviceRow>[]> {
  return db
    .select(readColumns(devices, page.raw ?? false))
    .from(devices)
    .where(syncedListCondition(devices, connectionId, filters, page))
    .orderBy(asc(devices.id))
    .limit(page.limit + 1);
}
