import { defineAdapter } from "../kit/define-adapter";
import { monogramLogo } from "../kit/monogram";
import { gpsInsightDrivers } from "./models/drivers";
import { gpsInsightGroups } from "./models/groups";
import { gpsInsightLatestVehicleLocations } from "./models/latest-vehicle-locations";
import { gpsInsightTrips } from "./models/trips";
import { gpsInsightVehicleLocations } from "./models/vehicle-locations";
import { gpsInsightVehicles } from "./models/vehicles";
import { verifyGpsInsight } from "./verify";

/**
 * GPS Insight (API v2, providers-more.md §4): `GET {base}/{class}/{method}/json` with a
 * `session_token` from `userauth/login` (cached per isolate, sessions.ts), the `{head, errors,
 * data}` envelope, no paging (whole lists, histories by account-local date window) and US
 * units. Groups are the vehicles' `vehicle/listvehiclegroups`, vehicles `vehicle/list`, drivers
 * `driver/list`, latest locations `vehicle/location`, breadcrumbs `vehicle/history`, trips the
 * `T` rows of `vehicle/tripdetail`.
 */
export const gpsInsightAdapter = defineAdapter({
  code: "gps-insight",
  name: "GPS Insight",
  status: "beta",
  // The reference gives no logging rate or history limit.
  locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
  environments: ["production", "sandbox"],
  logo: monogramLogo("GPSi", "#0a5ca8"),
  credentialFields: [
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      description: "The GPS Insight portal user the API is used as.",
    },
    { name: "password", label: "Password", type: "password", required: true },
  ],
  // GPS Insight publishes no request limits: a conservative ten calls a second (as for
  // MyGeotab's unpublished ones), and logins (rare: tokens are reused for hours) ten a minute.
  requestPace: {
    login: { requests: 10, perSeconds: 60 },
    calls: { requests: 10, perSeconds: 1 },
  },
  models: {
    groups: gpsInsightGroups,
    vehicles: gpsInsightVehicles,
    drivers: gpsInsightDrivers,
    latestVehicleLocations: gpsInsightLatestVehicleLocations,
    vehicleLocations: gpsInsightVehicleLocations,
    trips: gpsInsightTrips,
  },
  // GPS Insight has vehicles' trouble codes and daily distances, read no further here (below).
  notServedYet: ["faultCodeEvents", "vehicleUtilization"],
  unsupported: {
    devices:
      "GPS Insight's vehicle list names each vehicle's tracking unit (`serial_number`) but has no device listing this service reads.",
    faultCodeEvents:
      "GPS Insight's `vehicle/dtc` gives per vehicle label and day each code's first and last time, never when one cleared; it is not read.",
    vehicleUtilization: "GPS Insight's daily distance (`vehicle/distance`) has no fuel or idle time; it is not read.",
    safetyEvents: "GPS Insight's API v2 documents no safety events.",
    cameraMedia: "GPS Insight's API v2 documents no camera media.",
    trailers: "GPS Insight's API v2 documents no trailers.",
    latestTrailerLocations: "GPS Insight's API v2 documents no trailers.",
    vehicleStatLogs: "GPS Insight's API v2 documents no stat histories.",
    hosLogs: "GPS Insight's API v2 has no hours-of-service logs.",
    hosDailyLogs: "GPS Insight's API v2 has no hours-of-service logs.",
    hosAvailableTime: "GPS Insight's API v2 has no hours-of-service clocks.",
    iftaSummaries: "GPS Insight's API v2 has no IFTA summaries (only state mileage).",
  },
  verify: verifyGpsInsight,
});
