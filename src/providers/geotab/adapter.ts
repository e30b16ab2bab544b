import { defineAdapter } from "../kit/define-adapter";
import { svgLogo } from "../kit/logo";
import { GEOTAB_RESELLERS, type GeotabBrand } from "./family";
import { geotabDevices } from "./models/devices";
import { geotabDrivers } from "./models/drivers";
import { geotabFaultCodeEvents } from "./models/fault-code-events";
import { geotabGroups } from "./models/groups";
import { geotabHosClocks } from "./models/hos-clocks";
import { geotabHosDailyLogs } from "./models/hos-daily-logs";
import { geotabHosLogs } from "./models/hos-logs";
import { geotabIftaSummaries } from "./models/ifta-summaries";
import { geotabLatestTrailerLocations } from "./models/latest-trailer-locations";
import { geotabLatestVehicleLocations } from "./models/latest-vehicle-locations";
import { geotabSafetyEvents } from "./models/safety-events";
import { geotabTrailers } from "./models/trailers";
import { geotabTrips } from "./models/trips";
import { geotabVehicleLocations } from "./models/vehicle-locations";
import { geotabVehicleStatLogs } from "./models/vehicle-stat-logs";
import { geotabVehicleUtilization } from "./models/vehicle-utilization";
import { geotabVehicles } from "./models/vehicles";
import { geotabPassthrough } from "./passthrough";
import { verifyGeotab } from "./verify";

/**
 * Geotab (MyGeotab): JSON-RPC over `POST <server>/apiv1`, a session from Authenticate (cached
 * per isolate, see sessions.ts) and server federation. Vehicles are Devices, drivers are Users
 * with `isDriver`, groups the organization's group tree, devices the GO device behind each
 * vehicle, utilization the daily sum of Trips plus the fuel counter's StatusData, safety events
 * the ExceptionEvents of Geotab's stock safety rules, latest locations the DeviceStatusInfo
 * with current StatusData, breadcrumbs the LogRecords, trips the Trips, stat histories the
 * StatusData of stock diagnostics, hours of service the drivers' DutyStatusLogs (their days built
 * from them: Geotab has no daily log), their clocks (read live) Geotab's DutyStatusAvailability,
 * IFTA distances the FuelTaxDetails summed by day and jurisdiction, trailers the Trailers with
 * the device their current TrailerAttachment hitches them to (and that tractor's DeviceStatusInfo
 * as their location), fault codes the FaultData of J1939 and OBD-II Diagnostics, passthrough a
 * JSON-RPC call signed in with the connection's session. Camera media is not in the MyGeotab API.
 * One adapter serves Geotab and every reseller of MyGeotab (family.ts), under each one's brand.
 */
export function geotabPlatformAdapter(brand: GeotabBrand) {
  return defineAdapter({
    code: brand.code,
    name: brand.name,
    status: "live",
    // GO devices log by curve (Ramer–Douglas–Peucker on second-by-second GPS): no fixed rate;
    // the reference documents no limit on how far back LogRecords go.
    locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
    environments: ["production", "sandbox"],
    logo: brand.logo,
    credentialFields: [
      {
        name: "username",
        label: "Username",
        type: "text",
        required: true,
        description: "The MyGeotab user name, usually an email address.",
      },
      { name: "password", label: "Password", type: "password", required: true },
      {
        name: "database",
        label: "Database",
        type: "text",
        required: true,
        description: "The MyGeotab database (company) name, as in my.geotab.com/<database>.",
      },
      {
        name: "server",
        label: "Server",
        type: "text",
        required: false,
        description: "The MyGeotab server, such as my.geotab.com (the default); MyGeotab redirects to the right one.",
      },
    ],
    // providers.md 3.3: Authenticate is limited to 10 a minute per user (sessions are reused, so
    // it is rare); Get and ExecuteMultiCall have no published number: ten calls a second is a
    // conservative pace.
    requestPace: {
      authenticate: { requests: 10, perSeconds: 60 },
      calls: { requests: 10, perSeconds: 1 },
    },
    models: {
      groups: geotabGroups,
      vehicles: geotabVehicles,
      drivers: geotabDrivers,
      devices: geotabDevices,
      trailers: geotabTrailers,
      vehicleUtilization: geotabVehicleUtilization,
      safetyEvents: geotabSafetyEvents,
      faultCodeEvents: geotabFaultCodeEvents,
      latestVehicleLocations: geotabLatestVehicleLocations,
      latestTrailerLocations: geotabLatestTrailerLocations,
      vehicleLocations: geotabVehicleLocations,
      trips: geotabTrips,
      vehicleStatLogs: geotabVehicleStatLogs,
      hosLogs: geotabHosLogs,
      hosDailyLogs: geotabHosDailyLogs,
      iftaSummaries: geotabIftaSummaries,
      hosAvailableTime: geotabHosClocks,
      passthrough: geotabPassthrough,
    },
    unsupported: {
      cameraMedia: "the MyGeotab API has no camera media per safety event (cameras are partner integrations).",
    },
    verify: verifyGeotab,
  });
}

/** Geotab's own MyGeotab. */
export const geotabAdapter = geotabPlatformAdapter({
  code: "geotab",
  name: "Geotab",
  logo: svgLogo(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#25477b"/><path d="M44 22a16 16 0 1 0 4 12H33v-6h21" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/></svg>',
  ),
});

/** The MyGeotab resellers (family.ts): the same adapter under each one's code and name. */
export const geotabResellerAdapters = GEOTAB_RESELLERS.map(geotabPlatformAdapter);
