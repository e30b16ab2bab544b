import { defineAdapter } from "../kit/define-adapter";
import { svgLogo } from "../kit/logo";
import { MIX_REGIONS } from "./client";
import { mixDrivers } from "./models/drivers";
import { mixGroups } from "./models/groups";
import { mixLatestVehicleLocations } from "./models/latest-vehicle-locations";
import { mixTrailers } from "./models/trailers";
import { mixTrips } from "./models/trips";
import { mixVehicleLocations } from "./models/vehicle-locations";
import { mixVehicles } from "./models/vehicles";
import { verifyMix } from "./verify";

const REGION_LABELS: Readonly<Record<(typeof MIX_REGIONS)[number], string>> = {
  uk: "United Kingdom (uk)",
  za: "South Africa (za)",
  ent: "Enterprise (ent)",
  us: "United States (us)",
  au: "Australia (au)",
  om: "Middle East (om)",
  alg: "Algeria (alg)",
};

/**
 * MiX Telematics through MiX Integrate (providers-more.md section 3): the customer's MiX user
 * logs in with the OpenID Connect password grant of the integrator's client (MIX_CLIENT_ID and
 * MIX_CLIENT_SECRET, deployment configuration) at its data centre (client.ts); tokens are cached
 * per isolate and renewed with their refresh token (tokens.ts). Every listing starts from the
 * user's organisation (organisation.ts): its groups, assets and drivers whole; latest positions
 * by asset ids; breadcrumbs an asset and a UTC day per request, trips the organisation's day.
 */
export const mixAdapter = defineAdapter({
  code: "mix-telematics",
  name: "MiX Telematics",
  status: "beta",
  // MiX publishes neither a logging rate nor how far back positions go.
  locationSampling: { sampleRateSeconds: null, availableHistoryDays: null },
  environments: ["production", "sandbox"],
  logo: svgLogo(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#00205b"/><path d="M14 46V18l9 16 9-16v28M40 18v28M46 18l10 28M56 18L46 46" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  ),
  credentialFields: [
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      description: "A MiX Fleet Manager user with access to MiX Integrate (ask MiX support to enable it).",
    },
    { name: "password", label: "Password", type: "password", required: true },
    {
      name: "region",
      label: "Data centre",
      type: "select",
      required: false,
      description:
        "The MiX data centre the organisation is hosted in (its Fleet Manager address names it). US by default.",
      options: MIX_REGIONS.map((value) => ({ value, label: REGION_LABELS[value] })),
    },
  ],
  // MiX publishes no request quotas (providers-more.md section 3 [UNVERIFIED]): a sync makes one
  // request at a time, five a second at most; logins are rare (tokens are reused and refreshed).
  requestPace: {
    token: { requests: 10, perSeconds: 60 },
    api: { requests: 5, perSeconds: 1 },
  },
  models: {
    groups: mixGroups,
    vehicles: mixVehicles,
    drivers: mixDrivers,
    trailers: mixTrailers,
    latestVehicleLocations: mixLatestVehicleLocations,
    vehicleLocations: mixVehicleLocations,
    trips: mixTrips,
  },
  // MiX has these, in shapes the reference does not describe: the data exists, it is not read yet.
  notServedYet: [
    "vehicleUtilization",
    "safetyEvents",
    "cameraMedia",
    "faultCodeEvents",
    "hosLogs",
    "hosDailyLogs",
    "hosAvailableTime",
  ],
  unsupported: {
    devices: "MiX Integrate's assets carry no device listing this service reads.",
    latestTrailerLocations: "MiX's trailer assets have no positions the reference describes apart from vehicles'.",
    vehicleUtilization: "MiX Integrate's utilization reports are not documented in the reference.",
    safetyEvents: "MiX's events need the organisation's event-type catalogue, which the reference does not describe.",
    cameraMedia: "MiX's event media are not documented in the reference.",
    faultCodeEvents: "MiX's DTC shapes are not documented in the reference.",
    vehicleStatLogs: "MiX Integrate documents no stat histories beyond positions.",
    hosLogs: "MiX's HOS (ghos) shapes are not documented in the reference.",
    hosDailyLogs: "MiX's HOS (ghos) shapes are not documented in the reference.",
    hosAvailableTime: "MiX's HOS (ghos) shapes are not documented in the reference.",
    iftaSummaries: "MiX Integrate has no IFTA report.",
  },
  verify: verifyMix,
});
