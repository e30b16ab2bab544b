import type { Context } from "hono";
import type { AppFetch } from "../api/in-process-call";
import { apiAs } from "./api";
import type { DashboardEnv } from "./viewer";

/** A record of GET /usage: one billable vehicle of a connection in the month. */
export type UsageRecord = { connection: string; vehicle: string; backfillUnitCount: number };

/** One month's figures: its billable vehicles (records) and backfill units (their sum). */
export type MonthTotals = { month: string; billableVehicles: number; backfillUnits: number };

/** One connection's figures in the month, in the order GET /usage lists its records. */
export type ConnectionUsage = { connection: string; billableVehicles: number; backfillUnits: number };

/** The route's largest page: a month with many vehicles takes few requests. */
const PAGE_SIZE = 500;

/** How many months the chart shows, ending at the chosen one. */
export const CHART_MONTHS = 12;

/**
 * Every record of GET /usage for the month, page after page, as the signed-in member: the route
 * checks the month and the member's role, and its refusal (a malformed month) is the page's error.
 */
export async function usageOfMonth(
  c: Context<DashboardEnv>,
  appFetch: AppFetch,
  month: string,
): Promise<Record<string, unknown>[]> {
  const records: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const answer = await apiAs(c, appFetch, {
      method: "GET",
      path: "/usage",
      query: { month, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    });
    const page = answer.body as { results: Record<string, unknown>[]; next?: string };
    records.push(...page.results);
    cursor = page.next;
  } while (cursor);
  return records;
}

/** The current month in UTC, `YYYY-MM`: the page's month when none is chosen. */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** The `count` months ending at `month` (a `YYYY-MM` the route accepted), oldest first. */
export function monthsEndingAt(month: string, count: number): string[] {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, monthNumber - 1 - (count - 1 - index), 1));
    return `${String(date.getUTCFullYear()).padStart(4, "0")}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

/** A month's totals from its records: each record is one billable vehicle. */
export function totalsOf(month: string, records: readonly UsageRecord[]): MonthTotals {
  return {
    month,
    billableVehicles: records.length,
    backfillUnits: records.reduce((sum, record) => sum + record.backfillUnitCount, 0),
  };
}

/** The month's records per connection, in the order the route lists them (by connection). */
export function perConnection(records: readonly UsageRecord[]): ConnectionUsage[] {
  const byConnection = new Map<string, ConnectionUsage>();
  for (const record of records) {
    const row = byConnection.get(record.connection) ?? {
      connection: record.connection,
      billableVehicles: 0,
      backfillUnits: 0,
    };
    row.billableVehicles += 1;
    row.backfillUnits += record.backfillUnitCount;
    byConnection.set(record.connection, row);
  }
  return [...byConnection.values()];
}
