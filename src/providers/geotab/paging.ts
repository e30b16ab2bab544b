import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import { clampPageSize } from "../kit/page-size";
import { requireWindow } from "../kit/windows";
import type { ReadRequest } from "../types";
import { type GeotabClient, PROVIDER } from "./client";

/**
 * Reading MyGeotab page by page. `Get` has no cursor, only `resultsLimit` (at most 50,000), so:
 * - vehicles, drivers, devices: the `GetFeed` of Device / User from the beginning, page after
 *   page with `fromVersion` = the last page's `toVersion` (the cursor holds it); a page shorter
 *   than `resultsLimit` is the last. GetFeed allows 1 call a second per type: the next page
 *   may meet OverLimitException, which the queue retries after its Retry-After.
 * - groups: `Get Group` answers the whole (small) flat list; pages are id-ordered slices of it.
 * - utilization: the devices in id order (the cursor holds the last one done), a few per page,
 *   each device's Trips and total-fuel StatusData of the window in one ExecuteMultiCall.
 * - safety events: `Get ExceptionEvent` over a span of the window, a page ending at its
 *   `pageSize`-th event; the cursor holds where the rest of the window starts (readSafetyEvents).
 * - trips, breadcrumbs, stat histories: device by device (`deviceSearch` + dates, the searches
 *   Geotab serves efficiently), each device's `Get Trip` / `LogRecord` / `StatusData` of the
 *   window; an answer that fills `resultsLimit` goes on from its last record's date
 *   (device-series.ts).
 * - latest locations: `Get DeviceStatusInfo` of the fleet, id-ordered slices of it, each device's
 *   current StatusData in one ExecuteMultiCall.
 * - hours of service (logs and days): driver by driver (`userSearch`), each driver's `Get
 *   DutyStatusLog` of the window with its boundary log, a few drivers per ExecuteMultiCall
 *   (duty-status-logs.ts); an answer that fills `resultsLimit` goes on from its last log.
 * - IFTA: device by device and UTC day, `Get FuelTaxDetail` without boundaries, a few
 *   device-days per ExecuteMultiCall; the cursor holds the last device done.
 *
 * What the page readers share: MyGeotab's result cap, windows, ordering.
 */

/** Geotab's cap on `resultsLimit` for Get and GetFeed. */
export const MAX_RESULTS = 50_000;

/** The engine's page size as a `resultsLimit` (1 to 50,000). */
export const limitOf = (pageSize: number) => clampPageSize(pageSize, MAX_RESULTS, 1);

/** Records the adapter could not place in a page (no id, no readable date): the sync reports them. */
export function unreadableIssue(count: number, what: string): { code: "inaccessible_data"; message: string } {
  return {
    code: "inaccessible_data",
    message: `${count} Geotab ${what} record(s) could not be read and were left out.`,
  };
}

/** A windowed model's window, in epoch milliseconds. */
export function windowOf(model: SyncModel, request: ReadRequest): { start: number; end: number } {
  const window = requireWindow(PROVIDER, model, request.window);
  return { start: window.start.getTime(), end: window.end.getTime() };
}

export function listOf(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new ProviderError("malformed", `Geotab: Get ${what} did not answer a list.`);
  return value;
}

/** Ordinal comparison (ids are opaque strings: no locale rules). */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The string `id` of a payload, or "" when it has none. */
export function idOf(item: unknown): string {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : "";
}

/** The ids of the database's Devices, in id order (`Get Device` with only the id selected). */
export async function deviceIds(client: GeotabClient): Promise<string[]> {
  const devices = await client.get("Device", {
    propertySelector: { fields: ["id"], isIncluded: true },
    resultsLimit: MAX_RESULTS,
  });
  return [...new Set(devices.map(idOf))].filter((id) => id !== "").sort(compare);
}
