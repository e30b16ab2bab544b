import { gte, lt, type SQL } from "drizzle-orm";
import { inList } from "../../db/in-list";
import { ID_PREFIXES } from "../../lib/ids";
import { encodeUlidTime } from "../../lib/record-ids";
import { drivers } from "../drivers/table";
import { syncedReads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentHosLog } from "./present";
import { HosLogSchema } from "./schema";
import { hosLogs } from "./table";

export type HosLogFilters = {
  startedAfter?: Date;
  startedBefore?: Date;
  modifiedAfter?: Date;
  modifiedBefore?: Date;
  driverIds?: readonly string[];
};

/**
 * How far a log's start may have moved since its id was minted (a driver's edit, accepted by
 * the carrier): the id range a start window maps to is widened by this much, the exact window
 * is checked on `started_at`.
 */
const START_CORRECTION_MS = 7 * 86_400_000;

/** The lowest id of a log that started at or after `ms` (ids sort by the start they were minted with). */
const idFrom = (ms: number) => `${ID_PREFIXES.hosLog}${encodeUlidTime(Math.max(0, ms))}`;

/**
 * How HOS logs are read: in id order, which is start order (hos-logs/write.ts), so a start window
 * is also a range of the (connection, id) index the list walks.
 */
export const hosLogReads = syncedReads({
  table: hosLogs,
  schema: HosLogSchema,
  where: (filters: HosLogFilters): (SQL | undefined)[] => [
    filters.startedAfter === undefined ? undefined : gte(hosLogs.startedAt, filters.startedAfter),
    filters.startedAfter === undefined
      ? undefined
      : gte(hosLogs.id, idFrom(filters.startedAfter.getTime() - START_CORRECTION_MS)),
    filters.startedBefore === undefined ? undefined : lt(hosLogs.startedAt, filters.startedBefore),
    filters.startedBefore === undefined
      ? undefined
      : lt(hosLogs.id, idFrom(filters.startedBefore.getTime() + START_CORRECTION_MS)),
    filters.driverIds === undefined ? undefined : inList(hosLogs.driverId, filters.driverIds),
  ],
  expand: {
    driver: { table: drivers, ids: (row) => [row.driverId] },
    vehicle: { table: vehicles, ids: (row) => [row.vehicleId] },
    codrivers: { table: drivers, ids: (row) => row.codriverIds ?? [] },
  },
  present: presentHosLog,
});
