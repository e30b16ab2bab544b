/**
 * The data methods of the Geotab fake over one account's canonical fleet: `Get` of Device,
 * User, Group, ExceptionEvent, the time-series types (Trip, LogRecord, StatusData,
 * DeviceStatusInfo: series-search.ts), DutyStatusLog (hos.ts), DutyStatusAvailability
 * (hos-clocks.ts), FuelTaxDetail (ifta.ts), and Trailer, TrailerAttachment, FaultData, Diagnostic
 * and FailureMode (assets.ts), with no cursor (`resultsLimit` only, above 50,000
 * refused), and `GetFeed` of Device and User (versions, `resultsLimit` clamped to 50,000).
 */
import type { FakeAccount } from "../accounts.ts";
import { devicesAt, driversAt, safetyEventsBetween, vehiclesAt } from "../fleet.ts";
import { assetRecords } from "./assets.ts";
import { dutyStatusLogs } from "./hos.ts";
import { dutyStatusAvailability } from "./hos-clocks.ts";
import { fuelTaxDetails } from "./ifta.ts";
import {
  type Json,
  renderApiUser,
  renderDevice,
  renderEvent,
  renderGroups,
  renderOtherEvents,
  renderUser,
  versionToken,
} from "./render.ts";
import { argumentError, overLimit } from "./rpc.ts";
import { dateParam, deviceStatusInfos, logRecords, statusData, trips, vehicleIdsOf } from "./series-search.ts";

export const MAX_RESULTS = 50_000;
const DAY_MS = 86_400_000;

type Params = Record<string, any>;

export function userNameOf(account: FakeAccount): string {
  return account.credential.split("/")[1] ?? "";
}

/** Devices: each canonical vehicle with its tracker (Geotab's GO device; the canonical cameras are not Geotab's). */
function devices(account: FakeAccount): Json[] {
  const trackers = new Map(
    devicesAt(account.fleet)
      .filter((device) => device.type === "tracker")
      .map((device) => [device.vehicleId, device.serial]),
  );
  return vehiclesAt(account.fleet).map((vehicle) => renderDevice(vehicle, trackers.get(vehicle.id) ?? ""));
}

function users(account: FakeAccount): Json[] {
  return [
    renderApiUser(userNameOf(account)),
    ...driversAt(account.fleet).map((driver) => renderUser(driver, account.fleet)),
  ];
}

/** `resultsLimit` of Get: absent means all (up to the cap); above the cap is refused, not truncated. */
function getLimit(params: Params): number {
  const limit = params.resultsLimit;
  if (limit === undefined || limit === null) return MAX_RESULTS;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1)
    throw argumentError("resultsLimit must be a positive integer.");
  if (limit > MAX_RESULTS) throw overLimit(`The results limit of ${MAX_RESULTS} was exceeded.`);
  return limit;
}

/** UTC dates (YYYY-MM-DD) whose days overlap [from, to]. */
function datesBetween(from: number, to: number): string[] {
  const dates: string[] = [];
  for (let day = Math.floor(from / DAY_MS) * DAY_MS; day <= to; day += DAY_MS)
    dates.push(new Date(day).toISOString().slice(0, 10));
  return dates;
}

function select(items: Json[], selector: Params | undefined): Json[] {
  if (!selector || !Array.isArray(selector.fields)) return items;
  const fields = new Set<string>(selector.fields);
  const included = selector.isIncluded !== false;
  return items.map((item) =>
    Object.fromEntries(Object.entries(item).filter(([key]) => fields.has(key) === included || key === "id")),
  );
}

export function get(account: FakeAccount, params: Params): Json[] {
  const search: Params = params.search ?? {};
  const limit = getLimit(params);
  let items: Json[];
  switch (params.typeName) {
    case "Device":
      items = devices(account).filter((device) => search.id === undefined || device.id === search.id);
      break;
    case "User":
      items = users(account).filter(
        (user) =>
          (search.id === undefined || user.id === search.id) &&
          (search.name === undefined || String(user.name).toLowerCase() === String(search.name).toLowerCase()) &&
          (search.isDriver === undefined || user.isDriver === search.isDriver),
      );
      break;
    case "Group":
      items = renderGroups().filter((group) => search.id === undefined || group.id === search.id);
      break;
    case "Trip":
      items = trips(account, search);
      break;
    case "StatusData":
      items = statusData(account, search);
      break;
    case "LogRecord":
      items = logRecords(account, search);
      break;
    case "DeviceStatusInfo":
      items = deviceStatusInfos(account, search);
      break;
    case "ExceptionEvent":
      items = exceptionEvents(account, search);
      break;
    case "DutyStatusLog":
      items = dutyStatusLogs(account, search);
      break;
    case "DutyStatusAvailability":
      items = dutyStatusAvailability(account, search);
      break;
    case "FuelTaxDetail":
      items = fuelTaxDetails(account, search);
      break;
    default: {
      const assets = assetRecords(account, params.typeName, search);
      if (!assets) throw argumentError(`The type ${String(params.typeName)} is not served by this fake.`);
      items = assets;
    }
  }
  return select(items, params.propertySelector).slice(0, limit);
}

/** ExceptionEvents overlapping [fromDate, toDate], in start order. */
function exceptionEvents(account: FakeAccount, search: Params): Json[] {
  const from = dateParam(search.fromDate, "fromDate");
  const to = dateParam(search.toDate, "toDate");
  const vehicleIds = vehicleIdsOf(account, search);
  const wanted = new Set(vehicleIds);
  const events = safetyEventsBetween(account.fleet, from - DAY_MS, to + 1)
    .filter((event) => wanted.has(event.vehicleId))
    .map(renderEvent);
  for (const vehicleId of vehicleIds) {
    for (const date of datesBetween(from - 2 * DAY_MS, to))
      events.push(...renderOtherEvents(account.fleet, vehicleId, date));
  }
  const rule = search.ruleSearch?.id;
  return events
    .filter((event) => Date.parse(String(event.activeFrom)) <= to && Date.parse(String(event.activeTo)) >= from)
    .filter((event) => rule === undefined || (event.rule as Json).id === rule)
    .sort((a, b) => Date.parse(String(a.activeFrom)) - Date.parse(String(b.activeFrom)));
}

/** `GetFeed`: the entities after `fromVersion` in version order; `resultsLimit` clamped to 50,000. */
export function getFeed(account: FakeAccount, params: Params): { data: Json[]; toVersion: string } {
  let items: Json[];
  if (params.typeName === "Device") items = devices(account);
  else if (params.typeName === "User") items = users(account);
  else throw argumentError(`GetFeed of ${String(params.typeName)} is not served by this fake.`);
  const limit = Math.min(
    MAX_RESULTS,
    typeof params.resultsLimit === "number" && params.resultsLimit > 0 ? params.resultsLimit : MAX_RESULTS,
  );
  const from =
    params.fromVersion === undefined || params.fromVersion === null
      ? 0
      : Number.parseInt(String(params.fromVersion), 16);
  if (Number.isNaN(from)) throw argumentError("fromVersion is not a version.");
  const versionOf = (item: Json) => Number.parseInt(String(item.version), 16);
  const data = items
    .filter((item) => versionOf(item) > from)
    .sort((a, b) => versionOf(a) - versionOf(b))
    .slice(0, limit);
  const last = data.at(-1);
  return { data, toVersion: last ? String(last.version) : versionToken(from) };
}
