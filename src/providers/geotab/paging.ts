import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";
import type { ReadRequest } from "../types";

/** What the page readers share: MyGeotab's result cap, raw schema names, windows, ordering. */

/** Geotab's cap on `resultsLimit` for Get and GetFeed. */
export const MAX_RESULTS = 50_000;
export const DAY_MS = 86_400_000;

/** The schema names of the raw entries (`raw[].schema`). */
export const SCHEMAS = {
  groups: "geotab.Group",
  vehicles: "geotab.Device",
  drivers: "geotab.User",
  devices: "geotab.Device",
  vehicleUtilization: "geotab.Trip+StatusData",
  safetyEvents: "geotab.ExceptionEvent",
} as const satisfies Record<SyncModel, string>;

/** The engine's page size as a `resultsLimit` (1 to 50,000). */
export const limitOf = (pageSize: number) => Math.max(1, Math.min(MAX_RESULTS, Math.floor(pageSize) || 1));

/** Records the adapter could not place in a page (no id, no readable date): the sync reports them. */
export function unreadableIssue(count: number, what: string): { code: "inaccessible_data"; message: string } {
  return {
    code: "inaccessible_data",
    message: `${count} Geotab ${what} record(s) could not be read and were left out.`,
  };
}

export function windowOf(request: ReadRequest): { start: number; end: number } {
  if (!request.window) throw new ProviderError("malformed", "Geotab: a time window is needed for this model.");
  return { start: request.window.start.getTime(), end: request.window.end.getTime() };
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
