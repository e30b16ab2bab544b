import { asc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DeviceRow, devices } from "../../db/schema";
import type { Decoded } from "../../db/tolerant-rows";
import { type IdPage, type RecordListFilters, syncedListCondition } from "./conditions";
import { type ReadRow, readRows } from "./read-columns";

/** One page of a connection's devices in id order, `limit + 1` rows. */
export async function listDevices(
  db: Database,
  connectionId: string,
  filters: Omit<RecordListFilters, "hidden">,
  page: IdPage,
): Promise<Decoded<ReadRow<DeviceRow>>[]> {
  const { fields, decode } = readRows(devices, page.raw ?? false);
  const rows = await db
    .select(fields)
    .from(devices)
    .where(syncedListCondition(devices, connectionId, filters, page))
    .orderBy(asc(devices.id))
    .limit(page.limit + 1);
  return rows.map(decode);
}
