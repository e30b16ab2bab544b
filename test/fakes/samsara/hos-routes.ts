/**
 * The fake Samsara's hours-of-service endpoints (providers-families.md 1.3 and the fidelity
 * checklist of section 5), served from the canonical fleet's hours of service (../hos.ts):
 *
 * - `GET /fleet/hos/logs`: `startTime` and `endTime` (RFC 3339, both default to now), the logs
 *   that overlap them (the status under way at `startTime` included; a status lasting at the
 *   instant asked when both are equal), grouped by driver, drivers active or not. Pages hold up
 *   to HOS_LOGS_PAGE_SIZE logs, so a driver's logs may go on over the next page.
 * - `GET /fleet/hos/daily-logs`: `startDate` and `endDate` required (`YYYY-MM-DD`, end not before
 *   start), the days that have begun, of active drivers unless `driverActivationStatus=deactivated`;
 *   `expand=vehicle` details the day's vehicles.
 * - `GET /fleet/hos/clocks`: each driver's clocks at the time of the request (../hos.ts `clocksOf`),
 *   drivers active or not, `limit` drivers a page (default and at most 512; over it, a 400).
 *
 * All take `driverIds`, `tagIds` and `parentTagIds` (a parent tag takes in its children) and
 * page with `after`; a bad parameter is a 400 `{ message, requestId }`. Only the clocks take a
 * `limit`: the logs' page sizes are the fake's choice, Samsara documents none.
 */
import { driversAt, type FleetOptions, GROUPS } from "../fleet.ts";
import { dailyLogOf, dutyPeriodsBetween, loggingDriverIds } from "../hos.ts";
import { dailyLogOfSamsara, hosClockOf, hosLogGroups } from "./hos-render.ts";
import { BadRequest, pageOf } from "./paging.ts";
import { limitOf, listOf, timeOf } from "./params.ts";
import type { Route } from "./server.ts";

export const HOS_LOGS_PAGE_SIZE = 100;
export const DAILY_LOGS_PAGE_SIZE = 50;
export const CLOCKS_LIMIT = 512;
const HOS_SCOPE = "Read ELD Compliance Settings (US)";
const DAY_MS = 86_400_000;

export const HOS_ROUTES: Record<string, Route> = {
  "/fleet/hos/logs": {
    scope: HOS_SCOPE,
    handle: ({ url, account, now }) => {
      const start = url.searchParams.has("startTime") ? timeOf(url, "startTime") : now;
      const end = url.searchParams.has("endTime") ? timeOf(url, "endTime") : now;
      if (end < start) throw new BadRequest("endTime must not be before startTime");
      // Equal times ask for an instant: the statuses around it (the canonical fleet's window is half-open).
      const [from, to] = end > start ? [start, end] : [start - 1, start + 1];
      const periods = driversOf(account.fleet, url).flatMap((driverId) =>
        dutyPeriodsBetween(account.fleet, driverId, from, to, now),
      );
      const binding = `hos-logs|${url.searchParams.get("startTime")}|${url.searchParams.get("endTime")}|${filtersOf(url)}`;
      const page = pageOf(periods, url, HOS_LOGS_PAGE_SIZE, binding);
      return { data: hosLogGroups(account.fleet, page.data), pagination: page.pagination };
    },
  },
  "/fleet/hos/daily-logs": {
    scope: HOS_SCOPE,
    handle: ({ url, account, now }) => {
      const start = dateOf(url, "startDate");
      const end = dateOf(url, "endDate");
      if (end < start) throw new BadRequest("endDate must be greater than or equal to startDate");
      const status = url.searchParams.get("driverActivationStatus") ?? "active";
      if (status !== "active" && status !== "deactivated") {
        throw new BadRequest("driverActivationStatus must be one of: active, deactivated");
      }
      const active = new Set(driversAt(account.fleet).flatMap((driver) => (driver.active ? [driver.id] : [])));
      const expandVehicle = listOf(url, "expand")?.includes("vehicle") ?? false;
      const logs = driversOf(account.fleet, url)
        .filter((driverId) => active.has(driverId) === (status === "active"))
        .flatMap((driverId) => {
          const days = [];
          for (let day = start / DAY_MS; day <= end / DAY_MS; day++) {
            const log = dailyLogOf(account.fleet, driverId, day, now);
            if (log) days.push(dailyLogOfSamsara(account.fleet, account, log, now, expandVehicle));
          }
          return days;
        });
      const binding = `hos-daily-logs|${start}|${end}|${status}|${expandVehicle}|${filtersOf(url)}`;
      return pageOf(logs, url, DAILY_LOGS_PAGE_SIZE, binding);
    },
  },
  "/fleet/hos/clocks": {
    scope: HOS_SCOPE,
    handle: ({ url, account, now }) => {
      const page = pageOf(
        driversOf(account.fleet, url),
        url,
        limitOf(url, CLOCKS_LIMIT),
        `hos-clocks|${filtersOf(url)}`,
      );
      return {
        data: page.data.map((driverId) => hosClockOf(account.fleet, driverId, now)),
        pagination: page.pagination,
      };
    },
  },
};

/** The drivers who log hours, narrowed by `driverIds`, `tagIds` and `parentTagIds`. */
function driversOf(fleet: FleetOptions, url: URL): string[] {
  const ids = listOf(url, "driverIds");
  const tags = listOf(url, "tagIds");
  const parents = listOf(url, "parentTagIds");
  const underParents = parents && withDescendants(parents);
  const groupsOf = new Map(driversAt(fleet).map((driver) => [driver.id, driver.groupIds]));
  const inAny = (driverId: string, groups: readonly string[]) =>
    (groupsOf.get(driverId) ?? []).some((group) => groups.includes(group));
  return loggingDriverIds(fleet).filter(
    (driverId) =>
      (!ids || ids.includes(driverId)) &&
      (!tags || inAny(driverId, tags)) &&
      (!underParents || inAny(driverId, underParents)),
  );
}

/** Tags and every tag under them. */
function withDescendants(tags: readonly string[]): string[] {
  const found = new Set(tags);
  for (let grew = true; grew; ) {
    grew = false;
    for (const group of GROUPS) {
      if (group.parentId && found.has(group.parentId) && !found.has(group.id)) {
        found.add(group.id);
        grew = true;
      }
    }
  }
  return [...found];
}

const filtersOf = (url: URL) =>
  ["driverIds", "tagIds", "parentTagIds"].map((name) => url.searchParams.get(name) ?? "").join("|");

/** A `YYYY-MM-DD` date parameter as the ms of its UTC midnight; a 400 when missing or not a date. */
function dateOf(url: URL, name: string): number {
  const value = url.searchParams.get(name);
  if (value === null) throw new BadRequest(`${name} is missing from query string`);
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new BadRequest(`Invalid value for parameter '${name}': must be a date in YYYY-MM-DD format`);
  }
  return ms;
}
