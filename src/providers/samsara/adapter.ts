import { defineAdapter } from "../kit/define-adapter";
import { svgLogo } from "../kit/logo";
import { samsaraCameraMedia } from "./models/camera-media";
import { samsaraDevices } from "./models/devices";
import { samsaraDrivers } from "./models/drivers";
import { samsaraFaultCodeEvents } from "./models/fault-code-events";
import { samsaraGroups } from "./models/groups";
import { samsaraHosClocks } from "./models/hos-clocks";
import { samsaraHosDailyLogs } from "./models/hos-daily-logs";
import { samsaraHosLogs } from "./models/hos-logs";
import { samsaraIftaSummaries } from "./models/ifta-summaries";
import { samsaraLatestVehicleLocations } from "./models/latest-locations";
import { samsaraLatestTrailerLocations } from "./models/latest-trailer-locations";
import { samsaraSafetyEvents } from "./models/safety-events";
import { samsaraTrailers } from "./models/trailers";
import { samsaraTrips } from "./models/trips";
import { samsaraVehicleLocations } from "./models/vehicle-locations";
import { samsaraVehicleStatLogs } from "./models/vehicle-stat-logs";
import { samsaraVehicleUtilization } from "./models/vehicle-utilization";
import { samsaraVehicles } from "./models/vehicles";
import { samsaraOAuth } from "./oauth";
import { samsaraPassthrough } from "./passthrough";
import { verifySamsara } from "./verify";

/**
 * Samsara (providers.md section 1): REST with an API token, cursor paging, metric units.
 * Groups are tags, devices are gateways and their dash cams, utilization is the fuel-energy
 * report per UTC day, safety events are the v2 stream, camera media the media library; latest
 * locations are the vehicle stats snapshot, breadcrumbs and stat logs the stats history, trips
 * the trips stream; hours of service are the HOS logs and daily logs, and the drivers' clocks
 * read live; IFTA is the vehicle report, month by month. Trailers are the trailers listing, their
 * locations the trailer stats snapshot; fault codes the `faultCodes` stats history; passthrough
 * sends any request to the region's API with the token.
 */
export const samsaraAdapter = defineAdapter({
  code: "samsara",
  name: "Samsara",
  status: "live",
  // No fixed rate is documented (the gateway keeps what it records; high-frequency locations up
  // to 1 Hz), nor a limit on the history it serves (providers-families.md 1.1).
  locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
  environments: ["production", "sandbox"],
  logo: svgLogo(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0b2a4a"/><path d="M18 22l14-8 14 8v20l-14 8-14-8z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/><circle cx="32" cy="32" r="5" fill="#fff"/></svg>',
  ),
  oauth: samsaraOAuth,
  credentialFields: [
    {
      name: "apiToken",
      label: "API token",
      type: "password",
      required: true,
      description:
        "An API token from the Samsara dashboard (Settings → API Tokens) with the read scopes: Org Information, Vehicles, Drivers, Tags, Gateways, Fuel & Energy, Safety Events & Scores, Camera Media, Vehicle Statistics, Trips, ELD Compliance Settings (US), IFTA (US), Trailers.",
    },
    {
      name: "region",
      label: "Region",
      type: "select",
      required: false,
      description:
        "Where the Samsara account is hosted (cloud.samsara.com is US, cloud.eu.samsara.com is EU). US by default.",
      options: [
        { value: "us", label: "United States" },
        { value: "eu", label: "European Union" },
      ],
    },
  ],
  // providers.md 1.3: 150 requests/s per API token, and endpoint tiers per organization (a
  // connection is one organization): 25/s for vehicles and the fuel-energy report; 5/s for the
  // safety-event stream, safety events by id and the media library, which camera media reads;
  // 5/s for the trips stream; 5/s for the HOS logs (the live clocks, which have no documented
  // tier, share it) and 5/s for the HOS daily logs (providers-families.md 1.3); 25/s for the IFTA
  // vehicle report (1.4); 5/s for the trailers listing and 25/s for the trailer stats
  // (providers-families.md 1.7). The vehicle stats endpoints (fault codes among them) have no
  // limit of their own (token), nor has passthrough, which may reach any endpoint.
  requestPace: {
    token: { requests: 150, perSeconds: 1 },
    fleet: { requests: 25, perSeconds: 1 },
    safety: { requests: 5, perSeconds: 1 },
    trips: { requests: 5, perSeconds: 1 },
    hosLogs: { requests: 5, perSeconds: 1 },
    hosDailyLogs: { requests: 5, perSeconds: 1 },
    ifta: { requests: 25, perSeconds: 1 },
    trailers: { requests: 5, perSeconds: 1 },
    trailerStats: { requests: 25, perSeconds: 1 },
  },
  models: {
    groups: samsaraGroups,
    vehicles: samsaraVehicles,
    drivers: samsaraDrivers,
    devices: samsaraDevices,
    vehicleUtilization: samsaraVehicleUtilization,
    safetyEvents: samsaraSafetyEvents,
    cameraMedia: samsaraCameraMedia,
    latestVehicleLocations: samsaraLatestVehicleLocations,
    vehicleLocations: samsaraVehicleLocations,
    trips: samsaraTrips,
    vehicleStatLogs: samsaraVehicleStatLogs,
    hosLogs: samsaraHosLogs,
    hosDailyLogs: samsaraHosDailyLogs,
    hosAvailableTime: samsaraHosClocks,
    iftaSummaries: samsaraIftaSummaries,
    trailers: samsaraTrailers,
    latestTrailerLocations: samsaraLatestTrailerLocations,
    faultCodeEvents: samsaraFaultCodeEvents,
    passthrough: samsaraPassthrough,
  },
  verify: verifySamsara,
});

/** Samsara payloads of a model → the normalized model (the adapter's `normalize`, as a function). */
export const normalizeSamsara = samsaraAdapter.normalize;
