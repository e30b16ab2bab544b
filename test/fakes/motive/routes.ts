/**
 * The fake Motive API's routes: which answer each path of a request the server has authenticated
 * and let through its faults (./server.ts) gets, and the fleet listings that have no file of their own.
 */
import {
  type CanonicalVehicle,
  daysBetween,
  devicesAt,
  driversAt,
  GROUPS,
  safetyEventsBetween,
  vehiclesAt,
} from "../fleet.ts";
import { json } from "../http-server.ts";
import { assetLocations, assets, faultCodes } from "./assets.ts";
import { availableTime } from "./available-time.ts";
import { logPdf } from "./documents.ts";
import { hosLogs } from "./hos.ts";
import { eventKey, MOTIVE_EVENT_TYPES, motiveIds, vehicleIsMetric } from "./ids.ts";
import { iftaTrips } from "./ifta.ts";
import {
  renderAdmin,
  renderCompany,
  renderDriver,
  renderEldDevice,
  renderEvent,
  renderGroup,
  renderRollup,
  renderVehicle,
  vehicleReference,
} from "./render.ts";
import { type Context, DAY_MS, dateRange, error, idsParam, type Json, nextDay, page } from "./respond.ts";
import { drivingPeriods, liveLocations, locationHistory } from "./time-series.ts";

export function route(context: Context): Response {
  const { url } = context;
  const path = url.pathname.replace(/\.json$/, "");
  const event = /^\/v1\/driver_performance_events\/(\d+)$/.exec(path);
  if (event) return oneEvent(context, Number(event[1]));
  const history = /^\/v3\/vehicle_locations\/(\d+)$/.exec(path);
  if (history) return locationHistory(context, Number(history[1]));
  const pdf = /^\/v1\/logs\/(\d+)\/pdf$/.exec(path);
  if (pdf) return logPdf(Number(pdf[1]));
  switch (path) {
    case "/v1/companies":
      return page(url, "companies", "company", [renderCompany(context.account)]);
    case "/v1/users":
      return users(context);
    case "/v1/groups": {
      const companyId = motiveIds.company(context.account.credential);
      return page(
        url,
        "groups",
        "group",
        GROUPS.map((group) => renderGroup(group, companyId)),
      );
    }
    case "/v1/vehicles":
      return vehicles(context);
    case "/v1/eld_devices":
      return eldDevices(context);
    case "/v1/vehicle_utilization":
      return utilization(context);
    case "/v1/ifta/trips":
      return iftaTrips(context);
    case "/v1/driver_performance_events":
      return events(context);
    case "/v3/vehicle_locations":
      return liveLocations(context);
    case "/v1/driving_periods":
      return drivingPeriods(context);
    case "/v1/logs":
      return hosLogs(context);
    case "/v1/available_time":
      return availableTime(context);
    case "/v1/assets":
      return assets(context);
    case "/v1/asset_locations":
      return assetLocations(context);
    case "/v1/fault_codes":
      return faultCodes(context);
    default:
      return error(404, "Not Found");
  }
}

function users({ account, url }: Context): Response {
  const role = url.searchParams.get("role");
  const status = url.searchParams.get("status");
  const all = [renderAdmin(account), ...driversAt(account.fleet).map(renderDriver)].filter(
    (user) => (!role || user.role === role) && (!status || user.status === status),
  );
  return page(url, "users", "user", all);
}

function trackersByVehicle(context: Context) {
  return new Map(
    devicesAt(context.account.fleet)
      .filter((device) => device.type === "tracker")
      .map((device) => [device.vehicleId, device]),
  );
}

function vehicles(context: Context): Response {
  const companyId = motiveIds.company(context.account.credential);
  const trackers = trackersByVehicle(context);
  const status = context.url.searchParams.get("status");
  const all = vehiclesAt(context.account.fleet)
    .map((vehicle) => renderVehicle(vehicle, companyId, trackers.get(vehicle.id)))
    .filter((vehicle) => !status || vehicle.status === status);
  return page(context.url, "vehicles", "vehicle", all);
}

/** The vehicle gateways; Motive's dashcams are not ELDs, so canonical cameras are not listed. */
function eldDevices(context: Context): Response {
  const filter = idsParam(context.url, "vehicle_ids");
  const byId = new Map(vehiclesAt(context.account.fleet).map((vehicle) => [vehicle.id, vehicle]));
  const all = devicesAt(context.account.fleet)
    .filter((device) => device.type === "tracker")
    .filter((device) => !filter || filter.has(motiveIds.vehicle(device.vehicleId)))
    .map((device) => {
      const vehicle = byId.get(device.vehicleId);
      return {
        ...renderEldDevice(device),
        vehicle: vehicle ? vehicleReference(vehicle, vehicleIsMetric(vehicle.id)) : null,
      };
    });
  return page(context.url, "eld_devices", "eld_device", all);
}

function selectedVehicles(context: Context): CanonicalVehicle[] {
  const filter = idsParam(context.url, "vehicle_ids");
  return vehiclesAt(context.account.fleet).filter((vehicle) => !filter || filter.has(motiveIds.vehicle(vehicle.id)));
}

/** Rollups over the inclusive date range, one per vehicle that was active in it. */
function utilization(context: Context): Response {
  const range = dateRange(context.url);
  if (range instanceof Response) return range;
  const days = daysBetween(context.account.fleet, range.from, nextDay(range.to));
  const all = selectedVehicles(context)
    .map((vehicle) => ({ vehicle, days: days.filter((day) => day.vehicleId === vehicle.id) }))
    .filter(({ days: active }) => active.length > 0)
    .map(({ vehicle, days: active }) => renderRollup(vehicle, active, context.metric));
  return page(context.url, "vehicle_idle_rollups", "vehicle_idle_rollup", all);
}

/** Canonical events of [from, to) that Motive has as driver performance events, rendered. */
function eventsBetween(context: Context, from: number, to: number, withMedia: boolean) {
  const fleet = context.account.fleet;
  const vehicleById = new Map(vehiclesAt(fleet).map((vehicle) => [vehicle.id, vehicle]));
  const driverById = new Map(driversAt(fleet).map((driver) => [driver.id, driver]));
  const trackers = trackersByVehicle(context);
  const companyId = motiveIds.company(context.account.credential);
  return safetyEventsBetween(fleet, from, to)
    .filter((event) => MOTIVE_EVENT_TYPES[event.type] !== undefined && vehicleById.has(event.vehicleId))
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt) || motiveIds.event(a) - motiveIds.event(b))
    .map((event) =>
      renderEvent(event, {
        vehicle: vehicleById.get(event.vehicleId)!,
        driver: driverById.get(event.driverId),
        tracker: trackers.get(event.vehicleId),
        companyId,
        withMedia,
        now: context.now,
      }),
    );
}

function events(context: Context): Response {
  const range = dateRange(context.url);
  if (range instanceof Response) return range;
  const { url } = context;
  const vehicleIds = idsParam(url, "vehicle_ids");
  const driverIds = idsParam(url, "driver_ids");
  const types = new Set([...url.searchParams.getAll("types[]"), ...url.searchParams.getAll("types")]);
  const withMedia = url.searchParams.get("media_required") === "true";
  const all = eventsBetween(
    context,
    Date.parse(`${range.from}T00:00:00Z`),
    Date.parse(`${nextDay(range.to)}T00:00:00Z`),
    withMedia,
  ).filter(
    (event) =>
      (!vehicleIds || vehicleIds.has((event.vehicle as Json).id as number)) &&
      (!driverIds || driverIds.has((event.driver as Json | null)?.id as number)) &&
      (!types.size || types.has(event.type as string)),
  );
  return page(url, "driver_performance_events", "driver_performance_event", all);
}

/** `GET /v1/driver_performance_events/{id}`: `{ "driver_performance_event": {…} }`, its media links fresh. */
function oneEvent(context: Context, id: number): Response {
  const { date } = eventKey(id);
  const day = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(day)) return error(404, "Driver performance event not found");
  const withMedia = context.url.searchParams.get("media_required") === "true";
  const found = eventsBetween(context, day, day + DAY_MS, withMedia).find((event) => event.id === id);
  return found ? json({ driver_performance_event: found }) : error(404, "Driver performance event not found");
}
