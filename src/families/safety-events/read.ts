import { gte, lt } from "drizzle-orm";
import { inList } from "../../db/in-list";
import { drivers } from "../drivers/table";
import { syncedReads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentSafetyEvent } from "./present";
import { SafetyEventSchema } from "./schema";
import { safetyEvents } from "./table";

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

/** How safety events are read (visible ones, by start time, driver and vehicle) and presented. */
export const safetyEventReads = syncedReads({
  table: safetyEvents,
  schema: SafetyEventSchema,
  where: (filters: SafetyEventFilters) => [
    filters.startedAfter === undefined ? undefined : gte(safetyEvents.startedAt, filters.startedAfter),
    filters.startedBefore === undefined ? undefined : lt(safetyEvents.startedAt, filters.startedBefore),
    filters.driverIds === undefined ? undefined : inList(safetyEvents.driverId, filters.driverIds),
    filters.vehicleIds === undefined ? undefined : inList(safetyEvents.vehicleId, filters.vehicleIds),
  ],
  expand: {
    driver: { table: drivers, ids: (row) => [row.driverId] },
    vehicle: { table: vehicles, ids: (row) => [row.vehicleId] },
  },
  present: presentSafetyEvent,
});
