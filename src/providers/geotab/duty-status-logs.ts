import type { DutyStatus } from "../../hos/duty-status";
import type { GeotabClient } from "./client";
import { type GeotabDutyStatusLog, geotabDutyStatusLog } from "./hos-payloads";
import { compare, idOf, MAX_RESULTS } from "./paging";
import { driverIdOf } from "./values";

/**
 * Reading a driver's DutyStatusLogs, which both HOS models do (models/hos-logs.ts,
 * models/hos-daily-logs.ts): driver by driver (`userSearch`), since `includeBoundaryLogs` — the
 * log just before `fromDate`, the status under way when the range begins — is a driver's; the
 * duty statuses only; the Active state only (Inactive, Requested and Rejected logs are edits
 * that replaced, or would replace, an active one).
 */

/** Geotab's duty statuses (DutyStatusLogType) → ours (providers-families.md §4.3). */
export const STATUS_OF_CODE: Readonly<Record<string, DutyStatus>> = {
  OFF: "off_duty",
  SB: "sleeper_bed",
  D: "driving",
  ON: "on_duty",
  YM: "yard_move",
  PC: "personal_conveyance",
  WT: "waiting_time",
};

/**
 * The `statuses` of the search: the duty statuses. Intermediate logs (INT_D, INT_PC written
 * hourly while driving), ELD events (Login, Certify, EnginePowerup…), exemptions, zones and
 * compliance records are no change of duty status, and would cut a status in two.
 */
export const DUTY_STATUS_CODES = Object.keys(STATUS_OF_CODE);

/** The most drivers read in one ExecuteMultiCall. */
export const MAX_DRIVERS_PER_CALL = 50;

/** The ids of the database's drivers (Users with `isDriver`), in id order (`Get User` with only the id selected). */
export async function driverIds(client: GeotabClient): Promise<string[]> {
  const users = await client.get("User", {
    search: { isDriver: true },
    propertySelector: { fields: ["id"], isIncluded: true },
    resultsLimit: MAX_RESULTS,
  });
  return [...new Set(users.map(idOf))].filter((id) => id !== "").sort(compare);
}

/** What a search adds to the logs: their location (HOS logs) or their odometer (daily distances). */
export type LogExtras = { includeLocations?: true; includeCompliance?: true };

/**
 * Each driver's duty-status logs dated in [its `from`, `toDate`] (both inclusive at Geotab) and
 * the one before `from`: one `Get DutyStatusLog` for one driver, one ExecuteMultiCall for several.
 */
export async function readDutyStatusLogs(
  client: GeotabClient,
  starts: readonly { id: string; from: number }[],
  toDate: number,
  extras: LogExtras,
): Promise<unknown[][]> {
  return client.getEach(
    starts.map(({ id, from }) => ({
      typeName: "DutyStatusLog",
      search: {
        userSearch: { id },
        fromDate: new Date(from).toISOString(),
        toDate: new Date(toDate).toISOString(),
        statuses: DUTY_STATUS_CODES,
        includeBoundaryLogs: true,
        ...extras,
      },
      resultsLimit: MAX_RESULTS,
    })),
  );
}

/** Whether a log is one of the driver's active duty statuses (the reader keeps only those). */
export function isActiveDutyStatus(log: GeotabDutyStatusLog, driverId: string): boolean {
  // Geotab sends `state` on every log; one without it is taken as Active rather than dropped.
  return (
    Object.hasOwn(STATUS_OF_CODE, log.status) &&
    (log.state === undefined || log.state === "Active") &&
    driverIdOf(log.driver) === driverId
  );
}

/** The log's vehicle: a Device reference; none for a bare system id or `NoDeviceId` (a log made without one). */
export function deviceIdOf(device: GeotabDutyStatusLog["device"]): string | undefined {
  if (device === undefined || typeof device === "string") return undefined;
  return device.id === "NoDeviceId" ? undefined : device.id;
}

/** One driver's answer read: their active duty-status logs in time order, and what is known of the answer. */
export type DriverTimeline = {
  logs: GeotabDutyStatusLog[];
  /**
   * The instant the logs are whole up to: Infinity, or, when the answer filled `resultsLimit`
   * (and may have been cut), its latest log's date: logs of that instant on may be missing.
   */
  wholeUntil: number;
  /** Records of the answer that could not be read (no id, no date…). */
  unreadable: number;
};

/**
 * A driver's timeline from one answer: each log once (a log edited in place comes back with
 * the same id: the highest version is kept), sorted by date (then id, so that the order is
 * stable); each status lasts until the next one's `dateTime`.
 */
export function timelineOf(answer: readonly unknown[], driverId: string): DriverTimeline {
  const byId = new Map<string, GeotabDutyStatusLog>();
  let unreadable = 0;
  let latest = Number.NEGATIVE_INFINITY;
  for (const record of answer) {
    const parsed = geotabDutyStatusLog.safeParse(record);
    if (!parsed.success) {
      unreadable++;
      continue;
    }
    const log = parsed.data;
    latest = Math.max(latest, Date.parse(log.dateTime));
    if (!isActiveDutyStatus(log, driverId)) continue;
    const known = byId.get(log.id);
    if (known === undefined || compareVersions(log.version, known.version) > 0) byId.set(log.id, log);
  }
  const logs = [...byId.values()].sort(
    (a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime) || compare(a.id, b.id),
  );
  return { logs, wholeUntil: answer.length >= MAX_RESULTS ? latest : Number.POSITIVE_INFINITY, unreadable };
}

/** Geotab versions are hex counters (`0000000000a4c1f2`): without leading zeros, the longer, then the greater, is the later. */
function compareVersions(a: string | undefined, b: string | undefined): number {
  const [x, y] = [a, b].map((version) => (version ?? "").toLowerCase().replace(/^0+/, "")) as [string, string];
  return x.length - y.length || compare(x, y);
}
