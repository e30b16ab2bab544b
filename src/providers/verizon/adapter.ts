import { defineAdapter } from "../kit/define-adapter";
import { svgLogo } from "../kit/logo";
import { verizonDrivers } from "./models/drivers";
import { verizonFaultCodeEvents } from "./models/fault-code-events";
import { verizonLatestVehicleLocations } from "./models/latest-vehicle-locations";
import { verizonTrips } from "./models/trips";
import { verizonVehicleLocations } from "./models/vehicle-locations";
import { verizonVehicleStatLogs } from "./models/vehicle-stat-logs";
import { verizonVehicles } from "./models/vehicles";
import { verifyVerizon } from "./verify";

/**
 * Verizon Connect Reveal through its REST API, the Fleetmatics Integration Manager
 * (providers-more.md section 1): a token from `GET /token` (HTTP Basic with the customer's REST
 * integration user, cached per isolate, tokens.ts) sent with the integrator's Atmosphere app id
 * (VERIZON_APP_ID, deployment configuration) on every data call. Vehicles and drivers are listed
 * whole; latest locations come from the bulk location read; breadcrumbs from each vehicle's GPS
 * history (with its odometer readings as stat logs) and trips from its segments, a vehicle and a
 * UTC day per request (walk.ts), fault codes from each vehicle's DTC history.
 */
export const verizonAdapter = defineAdapter({
  code: "verizon-reveal",
  name: "Verizon Connect Reveal",
  status: "beta",
  // Verizon publishes neither a logging rate nor how far back the history goes.
  locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
  environments: ["production", "sandbox"],
  logo: svgLogo(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#000"/><path d="M16 24l10 20 22-32" fill="none" stroke="#ee0000" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  ),
  credentialFields: [
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      description:
        "The REST integration user Verizon emails after you request API access in Reveal (Marketplace → API integrations).",
    },
    { name: "password", label: "Password", type: "password", required: true },
    { name: "companyName", label: "Company name", type: "text", required: false },
    { name: "companyDotNumber", label: "Company DOT number", type: "text", required: false },
  ],
  // providers-more.md 1.1: no numeric limits are published; bursts are refused (403/429) and
  // integrators keep to 2 requests at a time. A sync makes one at a time; five a second is a
  // conservative pace. Tokens live about 20 minutes and are reused (tokens.ts), so `/token` is rare.
  requestPace: {
    token: { requests: 10, perSeconds: 60 },
    api: { requests: 5, perSeconds: 1 },
  },
  models: {
    vehicles: verizonVehicles,
    drivers: verizonDrivers,
    latestVehicleLocations: verizonLatestVehicleLocations,
    vehicleLocations: verizonVehicleLocations,
    trips: verizonTrips,
    vehicleStatLogs: verizonVehicleStatLogs,
    faultCodeEvents: verizonFaultCodeEvents,
  },
  // What Verizon has but its public sources do not document well enough to read faithfully
  // (providers-more.md 1.2 marks these paths [UNVERIFIED]): not read yet; and, below, the reasons
  // given for those and for what its API does not have.
  notServedYet: [
    "groups",
    "trailers",
    "latestTrailerLocations",
    "safetyEvents",
    "hosLogs",
    "hosDailyLogs",
    "hosAvailableTime",
  ],
  unsupported: {
    groups: "the groups endpoint (/cmd/v1/groups) is not publicly documented.",
    devices: "the REST API lists no devices.",
    trailers: "non-powered assets (/ast/v1/assets) are not publicly documented.",
    latestTrailerLocations: "non-powered assets (/ast/v1/assets) are not publicly documented.",
    vehicleUtilization: "no utilization report in the REST API (segments give distance, not fuel or idling).",
    safetyEvents: "driver safety (/da/v1/driversafety) is not publicly documented.",
    cameraMedia: "the REST API serves no camera media.",
    hosLogs: "the Logbook API's paths and shapes are not publicly documented.",
    hosDailyLogs: "the Logbook API's paths and shapes are not publicly documented.",
    hosAvailableTime: "the Logbook API's paths and shapes are not publicly documented.",
    iftaSummaries: "the REST API has no IFTA report.",
  },
  verify: verifyVerizon,
});
