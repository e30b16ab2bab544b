import { defineAdapter } from "../kit/define-adapter";
import { svgLogo } from "../kit/logo";
import { motiveCameraMedia } from "./models/camera-media";
import { motiveDevices } from "./models/devices";
import { motiveDrivers } from "./models/drivers";
import { motiveFaultCodeEvents } from "./models/fault-code-events";
import { motiveGroups } from "./models/groups";
import { motiveHosClocks } from "./models/hos-clocks";
import { motiveHosDailyLogs } from "./models/hos-daily-logs";
import { motiveHosLogs } from "./models/hos-logs";
import { motiveIftaSummaries } from "./models/ifta-summaries";
import { motiveLatestTrailerLocations } from "./models/latest-trailer-locations";
import { motiveLatestVehicleLocations } from "./models/latest-vehicle-locations";
import { motiveSafetyEvents } from "./models/safety-events";
import { motiveTrailers } from "./models/trailers";
import { motiveTrips } from "./models/trips";
import { motiveVehicleLocations } from "./models/vehicle-locations";
import { motiveVehicleStatLogs } from "./models/vehicle-stat-logs";
import { motiveVehicleUtilization } from "./models/vehicle-utilization";
import { motiveVehicles } from "./models/vehicles";
import { motiveOAuth } from "./oauth";
import { motivePassthrough } from "./passthrough";
import { verifyMotive } from "./verify";

/**
 * Motive (formerly KeepTruckin), read with a company API key (providers.md section 2):
 * vehicles, drivers (users with the driver role), groups, ELD devices, per-vehicle per-day
 * utilization (vehicle utilization rollups plus IFTA trips for distance), safety events
 * (driver performance events) with their camera media, and the vehicle time series
 * (providers-families.md section 2): the live locations of the Vehicle Gateways, each vehicle's
 * location history as breadcrumbs and as stat logs (the readings its points carry), and driving
 * periods as trips; hours of service (section 2.3): the drivers' logs, as duty-status
 * changes and as days, and their clocks (available time), read live; IFTA distances (section
 * 2.4): its IFTA trips, a vehicle's distance per day and jurisdiction; its assets as trailers,
 * with their live locations (section 2.7); the vehicles' fault codes (section 2.6); and
 * passthrough to its API (section 2.8).
 */
export const motiveAdapter = defineAdapter({
  code: "motive",
  name: "Motive",
  status: "live",
  // Neither a breadcrumb rate nor a history limit is documented (providers-families.md 2.1: the
  // 120 s one integrator reports is how often the current location updates, and a history
  // request may span 3 months, which limits a request, not the history kept).
  locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
  environments: ["production", "sandbox"],
  logo: svgLogo(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#111827"/><path d="M14 46V18h7l11 15 11-15h7v28h-7V30L32 44 21 30v16z" fill="#fff"/></svg>',
  ),
  oauth: motiveOAuth,
  credentialFields: [
    {
      name: "apiKey",
      label: "API key",
      type: "password",
      required: true,
      description:
        "A company API key, created by a fleet admin in the Motive dashboard (Admin → Developers → API Keys).",
    },
  ],
  // providers.md 2.3: Motive publishes no per-key number, only 429s. Ten requests a second is a
  // conservative pace that a sync (one request at a time), live camera media, live clocks and
  // passthrough share.
  requestPace: { api: { requests: 10, perSeconds: 1 } },
  models: {
    groups: motiveGroups,
    vehicles: motiveVehicles,
    drivers: motiveDrivers,
    devices: motiveDevices,
    vehicleUtilization: motiveVehicleUtilization,
    safetyEvents: motiveSafetyEvents,
    cameraMedia: motiveCameraMedia,
    latestVehicleLocations: motiveLatestVehicleLocations,
    vehicleLocations: motiveVehicleLocations,
    trips: motiveTrips,
    vehicleStatLogs: motiveVehicleStatLogs,
    hosLogs: motiveHosLogs,
    hosDailyLogs: motiveHosDailyLogs,
    hosAvailableTime: motiveHosClocks,
    iftaSummaries: motiveIftaSummaries,
    trailers: motiveTrailers,
    latestTrailerLocations: motiveLatestTrailerLocations,
    faultCodeEvents: motiveFaultCodeEvents,
    passthrough: motivePassthrough,
  },
  verify: verifyMotive,
});
