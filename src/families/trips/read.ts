import { gte, lt, type SQL } from "drizzle-orm";
import { inList } from "../../db/in-list";
import { ID_PREFIXES } from "../../lib/ids";
import { encodeUlidTime } from "../../lib/record-ids";
import { drivers } from "../drivers/table";
import { syncedReads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentTrip } from "./present";
import { TripSchema } from "./schema";
import { trips } from "./table";

export type TripFilters = {
  startedAfter?: Date;
  startedBefore?: Date;
  endedAfter?: Date;
  endedBefore?: Date;
  modifiedAfter?: Date;
  modifiedBefore?: Date;
  driverIds?: readonly string[];
  vehicleIds?: readonly string[];
};

/**
 * How far a trip's start may have moved since its id was minted (a provider correcting it):
 * the id range a start window maps to is widened by this much, the exact window is checked on
 * `started_at`.
 */
const START_CORRECTION_MS = 86_400_000;

/** The lowest id of a trip that started at or after `ms` (ids sort by the start they were minted with). */
const idFrom = (ms: number) => `${ID_PREFIXES.trip}${encodeUlidTime(Math.max(0, ms))}`;

/**
 * How trips are read: in id order, which is start order (trips/write.ts), so a start window
 * is also a range of the (connection, id) index the list walks: a window of last week costs
 * what the first page does, whatever the history.
 */
export const tripReads = syncedReads({
  table: trips,
  schema: TripSchema,
  where: (filters: TripFilters): (SQL | undefined)[] => [
    filters.startedAfter === undefined ? undefined : gte(trips.startedAt, filters.startedAfter),
    filters.startedAfter === undefined
      ? undefined
      : gte(trips.id, idFrom(filters.startedAfter.getTime() - START_CORRECTION_MS)),
    filters.startedBefore === undefined ? undefined : lt(trips.startedAt, filters.startedBefore),
    filters.startedBefore === undefined
      ? undefined
      : lt(trips.id, idFrom(filters.startedBefore.getTime() + START_CORRECTION_MS)),
    filters.endedAfter === undefined ? undefined : gte(trips.endedAt, filters.endedAfter),
    filters.endedBefore === undefined ? undefined : lt(trips.endedAt, filters.endedBefore),
    filters.driverIds === undefined ? undefined : inList(trips.driverId, filters.driverIds),
    filters.vehicleIds === undefined ? undefined : inList(trips.vehicleId, filters.vehicleIds),
  ],
  expand: {
    driver: { table: drivers, ids: (row) => [row.driverId] },
    vehicle: { table: vehicles, ids: (row) => [row.vehicleId] },
  },
  present: presentTrip,
});
