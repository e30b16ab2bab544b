import { defineAdapter } from "../kit/define-adapter";
import { svgLogo } from "../kit/logo";
import { SANDBOX_REJECTED_PASSWORD, verifySandbox } from "./credentials";
import { sandboxCameraMedia } from "./models/camera-media";
import { sandboxDevices } from "./models/devices";
import { sandboxDrivers } from "./models/drivers";
import { sandboxFaultCodeEvents } from "./models/fault-code-events";
import { sandboxGroups } from "./models/groups";
import { sandboxHosDailyLogs } from "./models/hos-daily-logs";
import { sandboxHosLogs } from "./models/hos-logs";
import { sandboxIftaSummaries } from "./models/ifta-summaries";
import { sandboxLatestLocations } from "./models/latest-locations";
import { sandboxLatestTrailerLocations } from "./models/latest-trailer-locations";
import { sandboxSafetyEvents } from "./models/safety-events";
import { sandboxTrailers } from "./models/trailers";
import { sandboxTrips } from "./models/trips";
import { sandboxVehicleLocations } from "./models/vehicle-locations";
import { sandboxVehicleStatLogs } from "./models/vehicle-stat-logs";
import { sandboxVehicleUtilization } from "./models/vehicle-utilization";
import { sandboxVehicles } from "./models/vehicles";
import { sandboxPassthrough } from "./passthrough/source";

/** The test provider of the sandbox environment: a deterministic synthetic fleet. */
export const sandboxAdapter = defineAdapter({
  code: "sandbox",
  name: "Sandbox",
  status: "sandbox",
  // The simulated fleet's breadcrumbs: a point every 30 s while a vehicle moves, all history kept.
  locationSampling: { sampleRateSeconds: 30, availableHistoryDays: null },
  environments: ["sandbox"],
  logo: svgLogo(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0f766e"/><path d="M14 40h36v6H14zM18 22h28l4 14H14z" fill="#fff"/></svg>',
  ),
  credentialFields: [
    { name: "username", label: "Username", type: "text", required: true, description: "Any username." },
    {
      name: "password",
      label: "Password",
      type: "password",
      required: true,
      description: `Any password except \`${SANDBOX_REJECTED_PASSWORD}\`, which the provider rejects.`,
    },
  ],
  // The sandbox answers from memory: there is no provider to pace.
  requestPace: {},
  models: {
    groups: sandboxGroups,
    vehicles: sandboxVehicles,
    drivers: sandboxDrivers,
    devices: sandboxDevices,
    trailers: sandboxTrailers,
    vehicleUtilization: sandboxVehicleUtilization,
    safetyEvents: sandboxSafetyEvents,
    cameraMedia: sandboxCameraMedia,
    faultCodeEvents: sandboxFaultCodeEvents,
    latestVehicleLocations: sandboxLatestLocations,
    latestTrailerLocations: sandboxLatestTrailerLocations,
    trips: sandboxTrips,
    vehicleLocations: sandboxVehicleLocations,
    vehicleStatLogs: sandboxVehicleStatLogs,
    hosLogs: sandboxHosLogs,
    hosDailyLogs: sandboxHosDailyLogs,
    iftaSummaries: sandboxIftaSummaries,
    passthrough: sandboxPassthrough,
  },
  verify: verifySandbox,
});
