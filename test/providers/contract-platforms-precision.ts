/**
 * What each platform of the cross-provider contract (contract-platforms.test.ts) carries of the
 * canonical fleet, and how precisely: every tolerance of the contract is declared here, each with
 * the provider fact it stands on (providers-more.md).
 */
import type { Platform } from "./contract-platforms";

const KM_PER_MILE = 1.609344;

/** One platform's share of the canonical fleet and its precision. */
export type Precision = {
  /**
   * How a vehicle or driver out of service comes out: `omitted` where the provider lists only
   * those in service, `active` where its records carry no status at all, `inactive` where they do.
   */
  outOfService: { vehicles: "omitted" | "active" | "inactive"; drivers: "omitted" | "active" | "inactive" };
  /** The vehicle attributes the provider's vehicle records have, beyond the name. */
  vehicleFields: readonly (
    | "vin"
    | "make"
    | "model"
    | "year"
    | "plateNumber"
    | "plateState"
    | "fuelType"
    | "fuelTankCapacity"
  )[];
  /** The canonical phone number as the provider writes it. */
  phone: (canonical: string) => string;
  /** Speeds to within this many km/h. */
  speedKmh: number;
  /** Distances to within this many km (after the API's rounding to 2 decimals); null where trips carry none. */
  distanceKm: number | null;
  /** Whether trips, and locations (latest and breadcrumbs), name their driver. */
  drivers: { trips: boolean; locations: boolean };
  /** Groups: the provider's own extra ones (by name), and whether it keeps the hierarchy and the unused groups. */
  groups: { extra: readonly string[]; hierarchy: boolean; unused: boolean };
  /** Verizon's private mode: the points of private trips are hidden, and private live locations. */
  privacy?: { trip: (trip: { id: string; vehicleId: string }) => boolean; latest: (vehicleId: string) => boolean };
  /** Stat logs: the readings each breadcrumb carries, and to how much of their unit. */
  statsPerBreadcrumb?: { type: "odometer"; tolerance: number };
  /** Utilization days summed from the trips: how closely their fuel and driving add up, and whether idling is known. */
  utilization?: { fuelLitres: number; drivingMs: number; idling: boolean };
  /** Trailers: how one out of service comes out. */
  trailers?: "inactive" | "active";
};

// Rounding to whole units leaves at most half a unit, and the API then rounds to 2 decimals.
const HALF = (unit: number) => unit / 2 + 0.005 + 1e-9;
const asGiven = (phone: string) => phone;
const EXACT = 1e-9;

export const PRECISION: Readonly<Record<Platform["code"], Precision>> = {
  // Verizon: km and km/h as given; vehicles and drivers have no status; private trips hide their
  // points and ends, private vehicles their live location (providers-more.md 1.3); each history
  // point's OdometerInKM is written to 0.1 km.
  "verizon-reveal": {
    outOfService: { vehicles: "active", drivers: "active" },
    vehicleFields: ["vin", "make", "model", "year", "plateNumber"],
    phone: asGiven,
    speedKmh: EXACT,
    distanceKm: EXACT,
    drivers: { trips: true, locations: true },
    groups: { extra: [], hierarchy: false, unused: false },
    privacy: {
      trip: (trip) => Number(trip.vehicleId.slice(4)) % 3 === 0 && trip.id.endsWith("-1"),
      latest: (vehicleId) => Number(vehicleId.slice(4)) % 4 === 0,
    },
    statsPerBreadcrumb: { type: "odometer", tolerance: HALF(0.1) },
  },
  // Webfleet: micro-degree coordinates (exact for the fleet's 5-decimal ones), whole km/h, trip
  // distances in whole metres; objects have no VIN, make or plate; records no status; groups flat.
  webfleet: {
    outOfService: { vehicles: "active", drivers: "active" },
    vehicleFields: [],
    phone: asGiven,
    speedKmh: HALF(1),
    distanceKm: HALF(0.001),
    // The object report names its driver by number, not by the uid drivers are keyed by; tracks name none.
    drivers: { trips: true, locations: false },
    groups: { extra: [], hierarchy: false, unused: true },
    // Utilization is the trip report summed per vehicle-day: each trip's fuel is written to 0.01 l,
    // and the canonical legs run on the 30 s breadcrumb grid (each floored to it), so their
    // durations add up to the day's driving less under a minute. Webfleet's idle time is idling
    // within a trip; the canonical day idles between its two trips, which no trip row holds.
    utilization: { fuelLitres: 2 * HALF(0.01), drivingMs: 60_000, idling: false },
  },
  // GPS Insight: whole mph, trip miles to 2 decimals, ten-digit phones, only what is in service,
  // the account's "ALL VEHICLES" group and the vehicles' own (no hierarchy); trip rows name no driver.
  "gps-insight": {
    outOfService: { vehicles: "omitted", drivers: "omitted" },
    vehicleFields: ["vin", "make", "model", "year", "plateNumber", "plateState", "fuelType"],
    phone: (phone) => phone.replace(/^\+1/, ""),
    speedKmh: HALF(KM_PER_MILE),
    distanceKm: HALF(0.01 * KM_PER_MILE),
    drivers: { trips: false, locations: true },
    groups: { extra: ["ALL VEHICLES"], hierarchy: false, unused: false },
  },
  // Azuga: km and km/h, trip distances to 2 decimals (the API's own rounding); only what is in service.
  azuga: {
    outOfService: { vehicles: "omitted", drivers: "omitted" },
    vehicleFields: ["vin", "make", "model", "year", "plateNumber"],
    phone: asGiven,
    speedKmh: EXACT,
    distanceKm: EXACT,
    drivers: { trips: true, locations: true },
    groups: { extra: [], hierarchy: false, unused: false },
  },
  // MiX: km, km/h and litres as given; assets carry their state, drivers none; the group tree whole.
  "mix-telematics": {
    outOfService: { vehicles: "inactive", drivers: "active" },
    vehicleFields: ["vin", "make", "model", "year", "plateNumber", "fuelType", "fuelTankCapacity"],
    phone: asGiven,
    speedKmh: EXACT,
    distanceKm: EXACT,
    drivers: { trips: true, locations: true },
    groups: { extra: [], hierarchy: true, unused: true },
    trailers: "inactive",
  },
  // TN360: `GPS.Spd` km/h and `Dir` degrees as given, coordinates as given, times exact (`timeAt`
  // epoch ms; `updatedAt` to the millisecond with its local offset). Vehicles carry `vin` and
  // `registration`/`registrationState` and no status the reference describes; trips are paired
  // ignition events, whose `odometer` has no documented unit: no distance. Nothing names a driver.
  "teletrac-navman-360": {
    outOfService: { vehicles: "active", drivers: "active" },
    vehicleFields: ["vin", "plateNumber", "plateState"],
    phone: asGiven,
    speedKmh: EXACT,
    distanceKm: null,
    drivers: { trips: false, locations: false },
    groups: { extra: [], hierarchy: false, unused: false },
  },
};
