/**
 * The normalized model adapters map provider payloads into, in the units of wire-compat.md:
 * kilometres, milliseconds, litres, litres per 100 km. References between records are by
 * provider source id; the sync writer resolves them to our ids. The compliance families' records
 * (hours of service, IFTA) are in compliance.ts.
 */

import type { NormalizedFaultBatch, NormalizedLatestTrailerLocation, NormalizedTrailer } from "./assets";
import type { NormalizedHosDailyLog, NormalizedHosLog, NormalizedIftaDistance } from "./compliance";
import type { NormalizedSafetyEvent } from "./safety";

export type * from "./assets";
export type {
  HosDistances,
  HosRemark,
  HosStatusDurations,
  NormalizedHosClock,
  NormalizedHosDailyLog,
  NormalizedHosLog,
  NormalizedIftaDistance,
} from "./compliance";
export type * from "./safety";
export { SAFETY_EVENT_TYPES } from "./safety";

export type RecordStatus = "active" | "inactive";

export const FUEL_TYPES = ["gasoline", "diesel", "propane", "electric", "hybrid_gasoline", "hybrid_diesel"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const ISSUE_CODES = [
  "missing_permissions",
  "exceeded_retention_window",
  "invalid_source_id",
  "unknown_device_type",
  "missing_safety_configuration",
  "inaccessible_data",
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export type LicensePlate = { state?: string; number?: string };

export type NormalizedGroup = {
  sourceId: string;
  name: string;
  description?: string;
  parentSourceId?: string;
  createdAt?: string;
  updatedAt?: string;
};

export type NormalizedVehicle = {
  sourceId: string;
  status: RecordStatus;
  name?: string;
  vin?: string;
  make?: string;
  model?: string;
  year?: number;
  licensePlate?: LicensePlate;
  fuelType?: FuelType;
  /** Litres per 100 km. */
  fuelEfficiency?: number;
  /** Litres. */
  fuelTankCapacity?: number;
  groupSourceIds: string[];
  deviceSourceIds: string[];
  createdAt?: string;
  updatedAt?: string;
};

export type NormalizedDriver = {
  sourceId: string;
  status: RecordStatus;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  username?: string;
  license?: LicensePlate;
  groupSourceIds: string[];
  createdAt?: string;
  updatedAt?: string;
};

export type NormalizedDevice = {
  sourceId: string;
  type: "tracker" | "camera";
  vehicleSourceId?: string;
  description?: string;
  serialNumber?: string;
  lastConnectedAt?: string;
  createdAt?: string;
  updatedAt?: string;
};

/** One vehicle's utilization over one day. */
export type NormalizedUtilizationDay = {
  vehicleSourceId: string;
  /** YYYY-MM-DD of the day (UTC). */
  date: string;
  startAt: string;
  endAt: string;
  /** Kilometres. */
  distance: number;
  /** Litres. */
  fuelConsumed: number;
  /** Milliseconds. */
  durations: { driving: number; idling: number };
};

export type Location = { latitude: number; longitude: number };

/** How a vehicle's engine is: running and moving or ready to, idling, or off. */
export const ENGINE_STATES = ["on", "off", "idle"] as const;
export type EngineState = (typeof ENGINE_STATES)[number];

/** The stat types of `GET /vehicles/{id}/stats/historical` (data-families.md), each with one value field. */
export const VEHICLE_STAT_TYPES = [
  "engine_state",
  "odometer",
  "total_fuel_consumption",
  "fuel_level",
  "engine_runtime",
  "engine_oil_percentage",
  "engine_oil_pressure",
  "engine_oil_temperature",
  "engine_coolant_temperature",
  "coolant_percentage",
  "engine_rpm",
  "battery_voltage",
] as const;
export type VehicleStatType = (typeof VEHICLE_STAT_TYPES)[number];

/**
 * One breadcrumb. `raw` is the provider's own object for this point when a payload holds many
 * points (Samsara's history lists a vehicle's points in one object); absent, the whole payload is.
 */
export type NormalizedLocationPoint = {
  locatedAt: string;
  location: Location;
  /** Degrees clockwise from north, 0–360. */
  heading?: number;
  /** km/h. */
  speed?: number;
  /** The provider's formatted address (reverse geocoding), when it gives one. */
  address?: string;
  driverSourceId?: string;
  /** The provider's id of the point, when it has one (Geotab's LogRecord id). */
  sourceId?: string;
  raw?: unknown;
};

/**
 * One stat reading: `value` in the unit of its type (km, litres, %, ms, PSI, °C, rpm, V), or
 * the engine state for `engine_state`. `raw` as for a breadcrumb.
 */
export type NormalizedStatPoint = {
  type: VehicleStatType;
  timestamp: string;
  value: number | EngineState;
  raw?: unknown;
};

/**
 * Time-series models are normalized a vehicle's batch at a time: one provider payload may hold
 * one point (Motive, Geotab) or a vehicle's many points (Samsara).
 */
export type NormalizedSeriesBatch<P> = { vehicleSourceId: string; points: P[] };
export type NormalizedLocationBatch = NormalizedSeriesBatch<NormalizedLocationPoint>;
export type NormalizedStatBatch = NormalizedSeriesBatch<NormalizedStatPoint>;

/** The latest known position and state of a vehicle (the provider's live snapshot). */
export type NormalizedLatestLocation = {
  vehicleSourceId: string;
  driverSourceId?: string;
  locatedAt: string;
  location: Location;
  address?: string;
  heading?: number;
  /** km/h. */
  speed?: number;
  /** km. */
  odometer?: number;
  /** Percent of the tank (or battery, for an electric vehicle). */
  fuel?: { primaryPercentage: number; secondaryPercentage?: number };
  engineState?: EngineState;
  /** Total engine run time, ms. */
  engineRuntime?: number;
};

/** One trip: a vehicle's movement from a start to a stop. */
export type NormalizedTrip = {
  sourceId: string;
  vehicleSourceId: string;
  driverSourceId?: string;
  startLocation?: Location;
  endLocation?: Location;
  /** km. */
  distance?: number;
  startedAt: string;
  endedAt: string;
};

/** A raw provider payload kept beside the normalized record (returned with `raw=true`). */
export type RawEntry = { provider: string; schema: string; extractedAt: string; data: unknown };

/** The models a sync reads, in the order it reads them (references point backwards). */
export const SYNC_MODELS = [
  "groups",
  "vehicles",
  "drivers",
  "devices",
  "trailers",
  "latestVehicleLocations",
  "latestTrailerLocations",
  "vehicleUtilization",
  "safetyEvents",
  "faultCodeEvents",
  "trips",
  "vehicleLocations",
  "vehicleStatLogs",
  "hosLogs",
  "hosDailyLogs",
  "iftaSummaries",
] as const;
export type SyncModel = (typeof SYNC_MODELS)[number];

/** Models read by time window (incrementally); the others are listed in full every sync. */
export const WINDOWED_MODELS: readonly SyncModel[] = [
  "vehicleUtilization",
  "safetyEvents",
  "faultCodeEvents",
  "trips",
  "vehicleLocations",
  "vehicleStatLogs",
  "hosLogs",
  "hosDailyLogs",
  "iftaSummaries",
];

/** The time series: their points are many (a breadcrumb every few seconds), so backfills read less of them (sync/plan.ts). */
export const SERIES_MODELS: readonly SyncModel[] = ["vehicleLocations", "vehicleStatLogs"];
/** Where vehicles are and went: the time series and the families read with them, which a deployment may turn off. */
export const TIME_SERIES_MODELS: readonly SyncModel[] = [
  "latestVehicleLocations",
  "latestTrailerLocations",
  "trips",
  ...SERIES_MODELS,
];

export type NormalizedByModel = {
  groups: NormalizedGroup;
  vehicles: NormalizedVehicle;
  drivers: NormalizedDriver;
  devices: NormalizedDevice;
  trailers: NormalizedTrailer;
  latestTrailerLocations: NormalizedLatestTrailerLocation;
  faultCodeEvents: NormalizedFaultBatch;
  vehicleUtilization: NormalizedUtilizationDay;
  safetyEvents: NormalizedSafetyEvent;
  latestVehicleLocations: NormalizedLatestLocation;
  trips: NormalizedTrip;
  vehicleLocations: NormalizedLocationBatch;
  vehicleStatLogs: NormalizedStatBatch;
  hosLogs: NormalizedHosLog;
  hosDailyLogs: NormalizedHosDailyLog;
  iftaSummaries: NormalizedIftaDistance;
};
