import { defineAdapter } from "../kit/define-adapter";
import { monogramLogo } from "../kit/monogram";
import { webfleetDrivers } from "./models/drivers";
import { webfleetGroups } from "./models/groups";
import { webfleetLatestVehicleLocations } from "./models/latest-vehicle-locations";
import { webfleetTrips } from "./models/trips";
import { webfleetVehicleLocations } from "./models/vehicle-locations";
import { webfleetVehicleUtilization } from "./models/vehicle-utilization";
import { webfleetVehicles } from "./models/vehicles";
import { webfleetPace } from "./pace";
import { verifyWebfleet } from "./verify";

/**
 * Webfleet (Bridgestone), WEBFLEET.connect: RPC over `GET <base>/extern?action=…`, the customer's
 * account, user and password plus the integrator's API key (WEBFLEET_API_KEY) on every call,
 * errors as HTTP 200 with `X-Webfleet-Errorcode`, and a request quota per action (pace.ts).
 * Groups are the object groups, vehicles and their latest positions the object report (with each
 * object's groups), drivers the driver report, trips
 * the trip report (utilization summed from it per vehicle-day), breadcrumbs each vehicle's
 * tracks. There is no token: credentials go with every call, so none can expire mid-sync.
 */
export const webfleetAdapter = defineAdapter({
  code: "webfleet",
  name: "Webfleet",
  status: "beta",
  // Webfleet units log positions by time and distance; no fixed rate or history limit is published.
  locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
  environments: ["production", "sandbox"],
  logo: monogramLogo("WF", "#e2001a"),
  credentialFields: [
    {
      name: "accountName",
      label: "Account",
      type: "text",
      required: true,
      description: "The Webfleet account (company) name you sign in with.",
    },
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      description: "A Webfleet user with WEBFLEET.connect access.",
    },
    { name: "password", label: "Password", type: "password", required: true },
  ],
  // The documented limits per action; the deployment's settings raise the slow ones (pace.ts).
  requestPace: webfleetPace,
  models: {
    groups: webfleetGroups,
    vehicles: webfleetVehicles,
    drivers: webfleetDrivers,
    latestVehicleLocations: webfleetLatestVehicleLocations,
    vehicleUtilization: webfleetVehicleUtilization,
    trips: webfleetTrips,
    vehicleLocations: webfleetVehicleLocations,
  },
  // Webfleet has these, but the reference gives no shapes for their rows yet: acceleration and
  // speeding events, CAN malfunctions and signals, EU tachograph working times.
  notServedYet: ["safetyEvents", "faultCodeEvents", "vehicleStatLogs", "hosLogs", "hosDailyLogs"],
  unsupported: {
    cameraMedia: "WEBFLEET.connect serves no camera media.",
    iftaSummaries: "WEBFLEET.connect has no IFTA report.",
  },
  verify: verifyWebfleet,
});
