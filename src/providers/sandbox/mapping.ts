import type { z } from "@hono/zod-openapi";
import { round2 } from "../../lib/units";
import type {
  CameraView,
  FuelType,
  Location,
  NormalizedByModel,
  NormalizedCameraMedia,
  NormalizedDevice,
  NormalizedDriver,
  NormalizedGroup,
  NormalizedSafetyEvent,
  NormalizedUtilizationDay,
  NormalizedVehicle,
  SafetyEventType,
  SyncModel,
} from "../../model/normalized";
import { ProviderError } from "../errors";
import {
  type SandboxBehavior,
  type SandboxFuel,
  sandboxDevice,
  sandboxDriver,
  sandboxEventMedia,
  sandboxSafetyEvent,
  sandboxTag,
  sandboxUtilizationDay,
  sandboxVehicle,
} from "./payloads";

/**
 * Sandbox payloads → the normalized model, field by field, converting units to those of
 * wire-compat.md (km, litres, L/100 km, ms, km/h; 2 decimals). Payloads are validated first:
 * whatever a provider sends is untrusted input, and a payload that does not validate is
 * ProviderError("malformed") rather than a half-filled record.
 */

export const KM_PER_MILE = 1.609344;
export const LITRES_PER_GALLON = 3.78541;
/** L/100 km = 235.215 / (US mpg). */
export const L_PER_100KM_MPG = 235.215;

const FUEL_TYPES: Readonly<Record<SandboxFuel, FuelType>> = {
  diesel: "diesel",
  gasoline: "gasoline",
  electric: "electric",
  hybrid_gasoline: "hybrid_gasoline",
  propane: "propane",
  hybrid_diesel: "hybrid_diesel",
};

/** The sandbox's behaviours → wire-compat safety event types (one to one). */
export const BEHAVIOR_TYPES: Readonly<Record<SandboxBehavior, SafetyEventType>> = {
  hardBraking: "harsh_brake",
  hardAcceleration: "harsh_acceleration",
  harshCornering: "harsh_turn",
  overSpeed: "speeding",
  collision: "crash",
  nearCollision: "near_crash",
  followingDistance: "tailgating",
  mobileUsage: "cell_phone",
  inattentive: "distracted",
  drowsy: "drowsiness",
  smoking: "smoking",
  noSeatbelt: "seat_belt_violation",
  stopSignRunning: "stop_sign_violation",
  redLightRunning: "red_light_violation",
  laneDeparture: "unsafe_lane_change",
  cameraBlocked: "camera_obstruction",
  eatingDrinking: "eating_and_drinking",
  rollingStop: "rolling_stop",
  unsafeParking: "unsafe_parking",
};

export function normalizeSandbox<M extends SyncModel>(model: M, payload: unknown): NormalizedByModel[M] {
  const mappers: { [K in SyncModel]: (payload: unknown) => NormalizedByModel[K] } = {
    groups: mapGroup,
    vehicles: mapVehicle,
    drivers: mapDriver,
    devices: mapDevice,
    vehicleUtilization: mapUtilizationDay,
    safetyEvents: mapSafetyEvent,
  };
  if (!Object.hasOwn(mappers, model))
    throw new ProviderError("not_supported", `Sandbox: no ${String(model)} payloads.`);
  return mappers[model](payload);
}

export function mapGroup(payload: unknown): NormalizedGroup {
  const tag = parse(sandboxTag, payload, "tag");
  return {
    sourceId: tag.id,
    name: tag.name,
    ...(tag.description !== undefined ? { description: tag.description } : {}),
    ...(tag.parentId !== undefined ? { parentSourceId: tag.parentId } : {}),
  };
}

export function mapVehicle(payload: unknown): NormalizedVehicle {
  const vehicle = parse(sandboxVehicle, payload, "vehicle");
  return {
    sourceId: vehicle.id,
    status: vehicle.active ? "active" : "inactive",
    name: vehicle.displayName,
    vin: vehicle.vin,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.modelYear,
    licensePlate: { state: vehicle.plate.region, number: vehicle.plate.number },
    fuelType: FUEL_TYPES[vehicle.fuel],
    // An electric vehicle has no fuel economy or tank, whatever the payload says.
    ...(vehicle.economyMpg !== undefined && vehicle.fuel !== "electric"
      ? { fuelEfficiency: round2(L_PER_100KM_MPG / vehicle.economyMpg) }
      : {}),
    ...(vehicle.tankGallons !== undefined && vehicle.fuel !== "electric"
      ? { fuelTankCapacity: round2(vehicle.tankGallons * LITRES_PER_GALLON) }
      : {}),
    groupSourceIds: [...vehicle.tagIds],
    deviceSourceIds: [...vehicle.deviceIds],
    createdAt: vehicle.createdAt,
    updatedAt: vehicle.updatedAt,
  };
}

export function mapDriver(payload: unknown): NormalizedDriver {
  const driver = parse(sandboxDriver, payload, "driver");
  return {
    sourceId: driver.id,
    status: driver.active ? "active" : "inactive",
    firstName: driver.name.first,
    ...(driver.name.middle !== undefined ? { middleName: driver.name.middle } : {}),
    lastName: driver.name.last,
    email: driver.email,
    phone: driver.phone,
    username: driver.login,
    license: { state: driver.licence.region, number: driver.licence.number },
    groupSourceIds: [...driver.tagIds],
    createdAt: driver.createdAt,
    updatedAt: driver.updatedAt,
  };
}

export function mapDevice(payload: unknown): NormalizedDevice {
  const device = parse(sandboxDevice, payload, "device");
  return {
    sourceId: device.id,
    type: device.kind === "dashcam" ? "camera" : "tracker",
    ...(device.vehicleId !== undefined ? { vehicleSourceId: device.vehicleId } : {}),
    description: device.productName,
    serialNumber: device.serial,
    lastConnectedAt: device.lastHeardAt,
  };
}

/**
 * startAt/endAt are the day's first and last movement; on a day without any, the row covers the
 * whole UTC day.
 */
export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const day = parse(sandboxUtilizationDay, payload, "utilization day");
  const dayStart = Date.parse(`${day.day}T00:00:00.000Z`);
  return {
    vehicleSourceId: day.vehicleId,
    date: day.day,
    startAt: day.firstMovementAt ?? new Date(dayStart).toISOString(),
    endAt: day.lastMovementAt ?? new Date(dayStart + 86_400_000).toISOString(),
    distance: round2(day.distanceMiles * KM_PER_MILE),
    fuelConsumed: round2(day.fuelGallons * LITRES_PER_GALLON),
    durations: { driving: Math.round(day.drivingSeconds * 1000), idling: Math.round(day.idlingSeconds * 1000) },
  };
}

export function mapSafetyEvent(payload: unknown): NormalizedSafetyEvent {
  const event = parse(sandboxSafetyEvent, payload, "safety event");
  const { front, rear } = event.media;
  return {
    sourceId: event.id,
    type: BEHAVIOR_TYPES[event.behavior],
    ...(event.driverId !== undefined ? { driverSourceId: event.driverId } : {}),
    vehicleSourceId: event.vehicleId,
    startLocation: location(event.location),
    ...(event.endLocation ? { endLocation: location(event.endLocation) } : {}),
    startedAt: event.startedAt,
    endedAt: event.endedAt,
    stats: {
      maximumSpeed: round2(event.maxSpeedMph * KM_PER_MILE),
      ...(event.avgSpeedMph !== undefined ? { averageSpeed: round2(event.avgSpeedMph * KM_PER_MILE) } : {}),
      ...(event.speedLimitMph !== undefined ? { roadSpeedLimit: round2(event.speedLimitMph * KM_PER_MILE) } : {}),
      gForceForwardBackward: round2(event.gForceX),
      gForceSideToSide: round2(event.gForceY),
      heading: round2(event.heading),
    },
    cameraMedia: {
      ...(front ? { frontFacing: { sourceId: front.id, available: front.ready } } : {}),
      ...(rear ? { rearFacing: { sourceId: rear.id, available: rear.ready } } : {}),
    },
  };
}

/** The media answer of one event: a view per camera, its video (when there is one) and still image. */
export function mapEventMedia(payload: unknown): NormalizedCameraMedia {
  const media = parse(sandboxEventMedia, payload, "event media");
  const view = (camera: "front" | "rear"): CameraView | undefined => {
    const clip = media.clips.find((candidate) => candidate.camera === camera);
    if (!clip) return undefined;
    return {
      sourceId: clip.id,
      ...(clip.videoUrl !== undefined ? { videoUrl: clip.videoUrl } : {}),
      ...(clip.imageUrl !== undefined ? { imageUrl: clip.imageUrl } : {}),
    };
  };
  const frontFacing = view("front");
  const rearFacing = view("rear");
  return { ...(frontFacing ? { frontFacing } : {}), ...(rearFacing ? { rearFacing } : {}) };
}

function location(point: { lat: number; lng: number }): Location {
  return { latitude: point.lat, longitude: point.lng };
}

function parse<T>(schema: z.ZodType<T>, payload: unknown, what: string): T {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  throw new ProviderError("malformed", `Sandbox: invalid ${what} payload (${problems}).`);
}

export { round2 };
