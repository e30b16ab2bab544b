import type { OpenAPIHono } from "@hono/zod-openapi";
import { getTableName } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import type { SyncModel } from "../model/normalized";
import { devicesFamily as devices } from "./devices";
import { driversFamily as drivers } from "./drivers";
import type { Family } from "./family";
import { faultCodeEventsFamily as faultCodeEvents } from "./fault-code-events";
import { groupsFamily as groups } from "./groups";
import { listHosAvailableTimeRoute } from "./hos-available-time/list";
import { hosClocks } from "./hos-available-time/table";
import { hosDailyLogsFamily as hosDailyLogs } from "./hos-daily-logs";
import { hosLogsFamily as hosLogs } from "./hos-logs";
import { iftaSummariesFamily as iftaSummaries } from "./ifta-summaries";
import type { FamilyRoute, ReadHooks } from "./kit/routes";
import { latestVehicleLocationsFamily as latestVehicleLocations } from "./latest-locations";
import { latestTrailerLocationsFamily as latestTrailerLocations } from "./latest-trailer-locations";
import { safetyEventsFamily as safetyEvents } from "./safety-events";
import { trailersFamily as trailers } from "./trailers";
import { tripsFamily as trips } from "./trips";
import { vehicleLocationsFamily as vehicleLocations } from "./vehicle-locations";
import { vehicleStatLogsFamily as vehicleStatLogs } from "./vehicle-stat-logs";
import { vehicleUtilizationFamily as vehicleUtilization } from "./vehicle-utilization";
import { vehiclesFamily as vehicles } from "./vehicles";

/** Every synced data family, by model name: what the sync writer, the routes and the deletion sweep read. */
export const FAMILIES: { readonly [M in SyncModel]: Family<M> } = {
  groups,
  vehicles,
  drivers,
  devices,
  trailers,
  latestVehicleLocations,
  latestTrailerLocations,
  vehicleUtilization,
  safetyEvents,
  faultCodeEvents,
  trips,
  vehicleLocations,
  vehicleStatLogs,
  hosLogs,
  hosDailyLogs,
  iftaSummaries,
};

/**
 * The families' routes, in the order the API reference lists them and Hono tries them: a
 * fixed path under another family's (`/vehicles/utilization`) goes before the `{id}` path
 * that would take it for an id.
 */
const FAMILY_ROUTES: readonly FamilyRoute[] = [
  vehicles.routes.list,
  vehicleUtilization.routes.list,
  latestVehicleLocations.routes.list,
  vehicles.routes.get,
  vehicleLocations.routes.list,
  vehicleStatLogs.routes.list,
  drivers.routes.list,
  drivers.routes.get,
  groups.routes.list,
  groups.routes.get,
  devices.routes.list,
  devices.routes.get,
  trailers.routes.list,
  latestTrailerLocations.routes.list,
  trailers.routes.get,
  safetyEvents.routes.list,
  safetyEvents.routes.get,
  faultCodeEvents.routes.list,
  trips.routes.list,
  hosLogs.routes.list,
  hosDailyLogs.routes.list,
  listHosAvailableTimeRoute,
  iftaSummaries.routes.list,
];

/** Adds every family's routes to an app, behind the middleware that enforces their connection scope. */
export function registerFamilyRoutes(
  app: OpenAPIHono<AppEnv>,
  middleware: readonly MiddlewareHandler<AppEnv>[],
  hooks: ReadHooks,
): void {
  for (const route of FAMILY_ROUTES) route.register(app, middleware, hooks);
}

/** The API reference's tags of the families, in the order of their first route. */
export const FAMILY_TAGS = [...new Set(FAMILY_ROUTES.map((route) => route.tag))].map((name) => {
  const family = Object.values(FAMILIES).find((candidate) => candidate.tag?.name === name);
  if (!family?.tag) throw new Error(`No family describes the tag ${name}.`);
  return family.tag;
});

/**
 * The tables of the families, those holding records that name others first (the reverse of the
 * sync order), each once (breadcrumbs and stat logs share the series table), and the providers'
 * live hours-of-service clocks, which name drivers.
 */
export const FAMILY_TABLES = [
  ...new Set([...Object.values(FAMILIES).map((family) => getTableName(family.table)), getTableName(hosClocks)]),
].reverse();
