import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { inList } from "../../db/in-list";
import { drivers } from "../drivers/table";
import { type KeyPage, readColumns } from "../kit/read";
import type { AvailableTimeFilters, AvailableTimeRow } from "./rows";
import { hosClocks } from "./table";

/**
 * The provider's clocks of the connection's visible drivers, as the last live read stored them
 * (domain/hos-clocks/refresh.ts), in driver id order: `limit + 1` rows by the primary key.
 */
export async function listProviderClocks(
  db: Database,
  connectionId: string,
  filters: AvailableTimeFilters,
  page: KeyPage,
): Promise<AvailableTimeRow[]> {
  const rows = await db
    // The payloads only when asked for: they are most of a row.
    .select(readColumns(hosClocks, page.raw))
    .from(hosClocks)
    .where(
      and(
        eq(hosClocks.connectionId, connectionId),
        filters.driverIds === undefined ? undefined : inList(hosClocks.driverId, filters.driverIds),
        page.after === undefined ? undefined : gt(hosClocks.driverId, String(page.after[0])),
        sql`EXISTS (SELECT 1 FROM ${drivers} WHERE ${drivers.id} = ${hosClocks.driverId}
          AND ${drivers.connectionId} = ${hosClocks.connectionId} AND ${drivers.visibility} = 'visible')`,
      ),
    )
    .orderBy(asc(hosClocks.driverId))
    .limit(page.limit + 1);
  return rows.map((row) => ({
    id: row.driverId,
    provider: row.provider,
    clocks: {
      drive: row.driveMs,
      shift: row.shiftMs,
      cycle: row.cycleMs,
      break: row.breakMs,
      ...(row.currentStatus === null ? {} : { currentStatus: row.currentStatus }),
    },
    source: "provider",
    ...(row.raw ? { raw: row.raw } : {}),
  }));
}
