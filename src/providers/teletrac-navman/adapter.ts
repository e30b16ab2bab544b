import { defineAdapter } from "../kit/define-adapter";
import { monogramLogo } from "../kit/monogram";
import { tn360LatestVehicleLocations } from "./models/latest-vehicle-locations";
import { tn360Trips } from "./models/trips";
import { tn360VehicleLocations } from "./models/vehicle-locations";
import { tn360Vehicles } from "./models/vehicles";
import { tn360Pace } from "./pace";
import { verifyTn360 } from "./verify";

/**
 * Teletrac Navman TN360 (providers-more.md section 7): the customer's TN360 user logs in with the
 * OpenID Connect password grant of the integrator's client (TN360_CLIENT_ID/TN360_CLIENT_SECRET,
 * deployment configuration) at TN360_IDENTITY_BASE_URL; the Bearer token is cached per isolate
 * and renewed (tokens.ts, client.ts). Vehicles are `/v1/vehicles`, latest locations the
 * "visibility" stats poll, breadcrumbs each vehicle's positions a UTC day at a time, trips the
 * pairs of ignition events of one `tripId` (`/v1/events`, 7 days at most a request). Lists come
 * bare or wrapped in `{data, meta}`; local-offset times are read as UTC.
 */
export const tn360Adapter = defineAdapter({
  code: "teletrac-navman-360",
  name: "Teletrac Navman 360",
  status: "beta",
  // TN360 publishes neither a logging rate nor how far back positions go.
  locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
  environments: ["production", "sandbox"],
  logo: monogramLogo("TN", "#e35205"),
  credentialFields: [
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      description: "A TN360 user whose roles let it see the fleet's vehicles, positions and events.",
    },
    { name: "password", label: "Password", type: "password", required: true },
  ],
  // The fair-use poll interval for the stats (or the deployment's TN360_STATS_INTERVAL_SECONDS)
  // and a conservative pace otherwise (pace.ts).
  requestPace: tn360Pace,
  models: {
    vehicles: tn360Vehicles,
    latestVehicleLocations: tn360LatestVehicleLocations,
    vehicleLocations: tn360VehicleLocations,
    trips: tn360Trips,
  },
  // TN360 has these, but the reference does not document their endpoints or shapes [UNVERIFIED]:
  // drivers, fleets (the `fleetId` filter names them), speed events (`speed` is an event type
  // name, its actions and attributes undescribed) and its ELD logs.
  notServedYet: ["drivers", "groups", "safetyEvents", "hosLogs", "hosDailyLogs", "hosAvailableTime"],
  unsupported: {
    devices: "the API documents no device listing (events name devices by id only).",
    trailers: "the API documents no trailers.",
    latestTrailerLocations: "the API documents no trailers.",
    vehicleUtilization: "the API documents no utilization report.",
    cameraMedia: "the API documents no camera media (`camera` events carry no media the reference describes).",
    faultCodeEvents: "the API documents no fault code listing.",
    vehicleStatLogs: "the API documents no stat histories beyond positions.",
    iftaSummaries: "the API documents no IFTA report.",
  },
  verify: verifyTn360,
});
