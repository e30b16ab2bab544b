/**
 * The normalized model adapters map provider payloads into, in the units of wire-compat.md:
 * kilometres, milliseconds, litres, litres per 100 km. References between records are by
 * provider source id; the sync writer resolves them to our ids.
 */

export type RecordStatus = "active" | "inactive";

export const FUEL_TYPES = ["gasoline", "diesel", "propane", "electric", "hybrid_gasoline", "hybrid_diesel"] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const SAFETY_EVENT_TYPES = [
  "harsh_brake",
  "harsh_acceleration",
  "harsh_turn",
  "speeding",
  "crash",
  "near_crash",
  "tailgating",
  "cell_phone",
  "distracted",
  "drowsiness",
  "smoking",
  "seat_belt_violation",
  "stop_sign_violation",
  "red_light_violation",
  "unsafe_lane_change",
  "camera_obstruction",
  "eating_and_drinking",
  "rolling_stop",
  "unsafe_parking",
] as const;
export type SafetyEventType = (typeof SAFETY_EVENT_TYPES)[number];

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

export type CameraReference = { sourceId: string; available: boolean };

export type NormalizedSafetyEvent = {
  sourceId: string;
  type: SafetyEventType;
  driverSourceId?: string;
  vehicleSourceId?: string;
  startLocation?: Location;
  endLocation?: Location;
  startedAt: string;
  endedAt?: string;
  stats?: {
    /** km/h */
    maximumSpeed?: number;
    averageSpeed?: number;
    roadSpeedLimit?: number;
    gForceForwardBackward?: number;
    gForceSideToSide?: number;
    heading?: number;
  };
  cameraMedia: { frontFacing?: CameraReference; rearFacing?: CameraReference };
};

export type CameraView = { sourceId: string; videoUrl?: string; imageUrl?: string };

export type NormalizedCameraMedia = { frontFacing?: CameraView; rearFacing?: CameraView };

/** A raw provider payload kept beside the normalized record (returned with `raw=true`). */
export type RawEntry = { provider: string; schema: string; extractedAt: string; data: unknown };

/** The models a sync reads, in the order it reads them (references point backwards). */
export const SYNC_MODELS = ["groups", "vehicles", "drivers", "devices", "vehicleUtilization", "safetyEvents"] as const;
export type SyncModel = (typeof SYNC_MODELS)[number];

/** Models read by time window (incrementally); the others are listed in full every sync. */
export const WINDOWED_MODELS: readonly SyncModel[] = ["vehicleUtilization", "safetyEvents"];

export type NormalizedByModel = {
  groups: NormalizedGroup;
  vehicles: NormalizedVehicle;
  drivers: NormalizedDriver;
  devices: NormalizedDevice;
  vehicleUtilization: NormalizedUtilizationDay;
  safetyEvents: NormalizedSafetyEvent;
};
