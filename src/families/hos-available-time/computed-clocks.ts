import { and, asc, eq, gt, gte, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { inList } from "../../db/in-list";
import { DAY_MS } from "../../hos/limits";
import { availableTime, type DutyPeriod } from "../../hos/rules";
import { drivers } from "../drivers/table";
import { hosLogs } from "../hos-logs/table";
import type { KeyPage } from "../kit/read";
import type { AvailableTimeFilters, AvailableTimeRow } from "./rows";

/**
 * How far back a driver's logs are read: the 70-hour cycle's 8 days and the rest that began them.
 * Before that the driver is taken as rested, which only a cycle rule of more days could see.
 */
const LOOKBACK_MS = 10 * DAY_MS;

/**
 * The clocks of the connection's visible drivers that have duty-status logs, in driver id order,
 * computed now from their logs of the last days (src/hos/rules.ts): two indexed reads a page, the
 * drivers and their recent logs, whatever the history.
 */
export async function listComputedClocks(
  db: Database,
  connectionId: string,
  filters: AvailableTimeFilters,
  page: KeyPage,
): Promise<AvailableTimeRow[]> {
  const now = Date.now();
  const hasLogs = sql`EXISTS (SELECT 1 FROM hos_logs WHERE hos_logs.connection_id = ${connectionId}
        AND hos_logs.driver_id = ${drivers.id})`;
  const conditions: (SQL | undefined)[] = [
    eq(drivers.connectionId, connectionId),
    eq(drivers.visibility, "visible"),
    filters.driverIds === undefined ? undefined : inList(drivers.id, filters.driverIds),
    page.after === undefined ? undefined : gt(drivers.id, String(page.after[0])),
    hasLogs,
  ];
  const driverRows = await db
    .select({ id: drivers.id, provider: drivers.provider })
    .from(drivers)
    .where(and(...conditions))
    .orderBy(asc(drivers.id))
    .limit(page.limit + 1);
  if (driverRows.length === 0) return [];
  const logs = await db
    .select({
      driverId: hosLogs.driverId,
      status: hosLogs.status,
      startedAt: hosLogs.startedAt,
      endedAt: hosLogs.endedAt,
    })
    .from(hosLogs)
    .where(
      and(
        eq(hosLogs.connectionId, connectionId),
        inList(
          hosLogs.driverId,
          driverRows.map((row) => row.id),
        ),
        gte(hosLogs.startedAt, new Date(now - LOOKBACK_MS)),
        eq(hosLogs.visibility, "visible"),
      ),
    )
    .orderBy(asc(hosLogs.driverId), asc(hosLogs.startedAt));
  const periodsOf = new Map<string, DutyPeriod[]>();
  for (const log of logs) {
    const periods = periodsOf.get(log.driverId) ?? [];
    periods.push({
      status: log.status,
      startedAt: log.startedAt.getTime(),
      ...(log.endedAt ? { endedAt: log.endedAt.getTime() } : {}),
    });
    periodsOf.set(log.driverId, periods);
  }
  return driverRows.map((driver) => ({
    id: driver.id,
    provider: driver.provider,
    clocks: availableTime(periodsOf.get(driver.id) ?? [], now, { cycle: filters.cycle }),
    source: "computed",
    cycle: filters.cycle,
  }));
}
