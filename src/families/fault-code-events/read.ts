import { gte, lt } from "drizzle-orm";
import { inList } from "../../db/in-list";
import { syncedReads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentFaultCodeEvent } from "./present";
import { FaultCodeEventSchema } from "./schema";
import { faultCodeEvents } from "./table";

export type FaultCodeEventFilters = {
  /** Occurrences last observed at or after it. */
  startAt?: Date;
  /** Occurrences first observed before it. */
  endAt?: Date;
  modifiedAfter?: Date;
  modifiedBefore?: Date;
  vehicleIds?: readonly string[];
};

/** How fault code events are read (visible ones, whose occurrence meets [startAt, endAt), by vehicle) and presented. */
export const faultCodeEventReads = syncedReads({
  table: faultCodeEvents,
  schema: FaultCodeEventSchema,
  where: (filters: FaultCodeEventFilters) => [
    filters.startAt === undefined ? undefined : gte(faultCodeEvents.observedAt, filters.startAt),
    filters.endAt === undefined ? undefined : lt(faultCodeEvents.firstObservedAt, filters.endAt),
    filters.vehicleIds === undefined ? undefined : inList(faultCodeEvents.vehicleId, filters.vehicleIds),
  ],
  expand: { vehicle: { table: vehicles, ids: (row) => [row.vehicleId] } },
  present: presentFaultCodeEvent,
});
