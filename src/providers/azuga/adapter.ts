import { defineAdapter } from "../kit/define-adapter";
import { monogramLogo } from "../kit/monogram";
import { azugaDrivers } from "./models/drivers";
import { azugaLatestVehicleLocations } from "./models/latest-vehicle-locations";
import { azugaTrips } from "./models/trips";
import { azugaVehicleLocations } from "./models/vehicle-locations";
import { azugaVehicles } from "./models/vehicles";
import { azugaPace } from "./pace";
import { verifyAzuga } from "./verify";

/**
 * Azuga through its v3 OAuth API (providers-more.md §5): the customer's user name and password
 * with the integrator's client id (AZUGA_CLIENT_ID, deployment configuration) log in for a Bearer
 * token of about 180 days (cached per isolate, tokens.ts); data endpoints are POST-only with the
 * `{generatedAtInMillis, data, error}` envelope and epoch-ms times, in km and km/h. Vehicles are
 * the trackees, drivers the users of type driver, latest locations `vehicles/latestlocation`,
 * trips and breadcrumbs the trip and breadcrumb reports over the window. Each endpoint allows
 * one request a minute (pace.ts).
 */
export const azugaAdapter = defineAdapter({
  code: "azuga",
  name: "Azuga",
  status: "beta",
  // Azuga publishes neither a logging rate nor how far back the reports go.
  locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
  environments: ["production", "sandbox"],
  logo: monogramLogo("AZ", "#0072bc"),
  credentialFields: [
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      description: "The Azuga Fleet user (an admin) the API is used as.",
    },
    { name: "password", label: "Password", type: "password", required: true },
  ],
  // One request a minute per endpoint as documented, or as the deployment's AZUGA_REQUESTS_PER_MINUTE sets it.
  requestPace: azugaPace,
  models: {
    vehicles: azugaVehicles,
    drivers: azugaDrivers,
    latestVehicleLocations: azugaLatestVehicleLocations,
    trips: azugaTrips,
    vehicleLocations: azugaVehicleLocations,
  },
  // Azuga has groups, alerts and event videos, but its documentation does not describe them well
  // enough to read faithfully: the data exists, this service does not read it yet.
  notServedYet: ["groups", "safetyEvents", "cameraMedia"],
  unsupported: {
    groups: "the v3 OAuth API documents no group listing (only the v1 `groupName` filter).",
    safetyEvents: "the alert report (`allalertreport`) is not documented well enough to read.",
    faultCodeEvents: "the API documents no fault code listing.",
    vehicleUtilization: "the API documents no utilization report.",
    devices: "the v3 API lists no devices.",
    cameraMedia: "event videos (`eventVideos.json`) are not documented well enough to read.",
    trailers: "the API documents no trailers.",
    latestTrailerLocations: "the API documents no trailers.",
    vehicleStatLogs: "the API documents no stat histories.",
    hosLogs: "the API documents no hours-of-service logs.",
    hosDailyLogs: "the API documents no hours-of-service logs.",
    hosAvailableTime: "the API documents no hours-of-service clocks.",
    iftaSummaries: "the API documents no IFTA report.",
  },
  verify: verifyAzuga,
});
