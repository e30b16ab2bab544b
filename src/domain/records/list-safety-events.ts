import { asc, gte, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type SafetyEventRow, safetyEvents } from "../../db/schema";
import type { Decoded } from "../../db/tolerant-rows";
import { type IdPage, inList, syncedListCondition } from "./conditions";
import { type ReadRow, readRows } from "./read-columns";

export type SafetyEventFilters = {
  /** Inclusive lower bound on startedAt. */
  startedAfter?: Date;
  /** Exclusive upper bound on startedAt. */
  startedBefore?: Date;
  modifiedAfter?: Date;
  modifiedBefore?: Date;
  driverIds?: readonly string[];
  vehicleIds?: readonly string[];
};

/** One page of a connection's visible safety events in id order, `limit + 1` rows. */
export async function listSafetyEvents(
  db: Database,
  connectionId: string,
  filters: SafetyEventFilters,
  page: IdPage,
): Promise<Decoded<ReadRow<SafetyEventRow>>[]> {
  const { fields, decode } = readRows(safetyEvents, page.raw ?? false);
  const rows = await db
    .select(fields)
    .from(safetyEvents)
    .where(
      syncedListCondition(
        safetyEvents,
        connectionId,
        { modifiedAfter: filters.modifiedAfter, modifiedBefore: filters.modifiedBefore },
        page,
        filters.startedAfter === undefined ? undefined : gte(safetyEvents.startedAt, filters.startedAfter),
        filters.startedBefore === undefined ? undefined : lt(safetyEvents.startedAt, filters.startedBefore),
        filters.driverIds === undefined ? undefined : inList(safetyEvents.driverId, filters.driverIds),
        filters.vehicleIds === undefined ? undefined : inList(safetyEvents.vehicleId, filters.vehicleIds),
      ),
    )
    .orderBy(asc(safetyEvents.id))
    .limit(page.limit + 1);
  return rows.map(decode);
}
