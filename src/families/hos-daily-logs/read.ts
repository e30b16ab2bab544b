import { gte, lt, lte, type SQL } from "drizzle-orm";
import { inList } from "../../db/in-list";
import { ID_PREFIXES } from "../../lib/ids";
import { encodeUlidTime } from "../../lib/record-ids";
import { drivers } from "../drivers/table";
import { syncedReads } from "../kit/reads";
import { presentHosDailyLog } from "./present";
import { HosDailyLogSchema } from "./schema";
import { hosDailyLogs } from "./table";

export type HosDailyLogFilters = {
  /** First day, inclusive (YYYY-MM-DD). */
  startDate?: string;
  /** Last day, inclusive (YYYY-MM-DD). */
  endDate?: string;
  modifiedAfter?: Date;
  modifiedBefore?: Date;
  driverIds?: readonly string[];
};

const DAY_MS = 86_400_000;
/** The lowest id of a day at or after `date`'s midnight (ids sort by the day they were minted for). */
const idFrom = (ms: number) => `${ID_PREFIXES.hosDailyLog}${encodeUlidTime(Math.max(0, ms))}`;
const midnight = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

/**
 * How drivers' days are read: in id order, which is date order (hos-daily-logs/write.ts), so a
 * date range is also a range of the (connection, id) index the list walks.
 */
export const hosDailyLogReads = syncedReads({
  table: hosDailyLogs,
  schema: HosDailyLogSchema,
  where: (filters: HosDailyLogFilters): (SQL | undefined)[] => [
    filters.startDate === undefined ? undefined : gte(hosDailyLogs.date, filters.startDate),
    filters.startDate === undefined ? undefined : gte(hosDailyLogs.id, idFrom(midnight(filters.startDate))),
    filters.endDate === undefined ? undefined : lte(hosDailyLogs.date, filters.endDate),
    filters.endDate === undefined ? undefined : lt(hosDailyLogs.id, idFrom(midnight(filters.endDate) + DAY_MS)),
    filters.driverIds === undefined ? undefined : inList(hosDailyLogs.driverId, filters.driverIds),
  ],
  expand: { driver: { table: drivers, ids: (row) => [row.driverId] } },
  present: presentHosDailyLog,
});
