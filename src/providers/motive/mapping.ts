import type { z } from "@hono/zod-openapi";
import type {
  CameraView,
  FuelType,
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
  type MotiveCameraMedia,
  type MotiveEventType,
  motiveDriverPerformanceEvent,
  motiveEldDevice,
  motiveGroup,
  motiveUser,
  motiveUtilizationDay,
  motiveVehicle,
} from "./payloads";

/**
 * Motive payloads → the normalized model, field by field, in the units of wire-compat.md
 * (km, litres, ms, km/h; 2 decimals). Payloads are validated first: one that does not
 * validate is ProviderError("malformed"), which the engine counts as a skipped record.
 */

export const KM_PER_MILE = 1.609344;
export const LITRES_PER_US_GALLON = 3.785411784;
const DAY_MS = 86_400_000;

/**
 * Motive's fuels → ours. Biodiesel burns in diesel engines and the ethanol blends in petrol
 * engines; the gases, methanol and `other` have no counterpart, so they stay unset. Motive's
 * documented list has no `electric`, but it is read should Motive send it.
 */
const FUEL_TYPES: Readonly<Record<string, FuelType>> = {
  diesel: "diesel",
  biodiesel: "diesel",
  gasoline: "gasoline",
  ethanol: "gasoline",
  e85: "gasoline",
  propane: "propane",
  electric: "electric",
};

/** Motive's behaviours → wire-compat safety event types. */
export const EVENT_TYPES: Readonly<Record<MotiveEventType, SafetyEventType>> = {
  hard_accel: "harsh_acceleration",
  hard_brake: "harsh_brake",
  hard_corner: "harsh_turn",
  crash: "crash",
  seat_belt_violation: "seat_belt_violation",
  tailgating: "tailgating",
  cell_phone: "cell_phone",
  stop_sign_violation: "stop_sign_violation",
  distraction: "distracted",
  unsafe_lane_change: "unsafe_lane_change",
  drowsiness: "drowsiness",
  road_facing_cam_obstruction: "camera_obstruction",
  driver_facing_cam_obstruction: "camera_obstruction",
  forward_collision_warning: "near_crash",
};

export function normalizeMotive<M extends SyncModel>(model: M, payload: unknown): NormalizedByModel[M] {
  const mappers: { [K in SyncModel]: (payload: unknown) => NormalizedByModel[K] } = {
    groups: mapGroup,
    vehicles: mapVehicle,
    drivers: mapDriver,
    devices: mapDevice,
    vehicleUtilization: mapUtilizationDay,
    safetyEvents: mapSafetyEvent,
  };
  if (!Object.hasOwn(mappers, model)) throw new ProviderError("not_supported", `Motive: no ${String(model)} payloads.`);
  return mappers[model](payload);
}

export function mapGroup(payload: unknown): NormalizedGroup {
  const group = parse(motiveGroup, payload, "group");
  return {
    sourceId: String(group.id),
    name: group.name,
    ...(group.parent_id != null ? { parentSourceId: String(group.parent_id) } : {}),
  };
}

export function mapVehicle(payload: unknown): NormalizedVehicle {
  const vehicle = parse(motiveVehicle, payload, "vehicle");
  const year = vehicle.year == null ? undefined : Number.parseInt(String(vehicle.year), 10);
  const fuelType = vehicle.fuel_type ? FUEL_TYPES[vehicle.fuel_type] : undefined;
  const plate = licence(vehicle.license_plate_state, vehicle.license_plate_number);
  return {
    sourceId: String(vehicle.id),
    status: vehicle.status === "active" ? "active" : "inactive",
    ...present("name", vehicle.number),
    ...present("vin", vehicle.vin),
    ...present("make", vehicle.make),
    ...present("model", vehicle.model),
    ...(year !== undefined && Number.isInteger(year) && year >= 1900 && year <= 2100 ? { year } : {}),
    ...(plate ? { licensePlate: plate } : {}),
    ...(fuelType ? { fuelType } : {}),
    // Motive's vehicle has no fuel economy or tank capacity.
    groupSourceIds: (vehicle.group_ids ?? []).map(String),
    deviceSourceIds: vehicle.eld_device ? [String(vehicle.eld_device.id)] : [],
    ...timestamps(vehicle),
  };
}

/** Group membership of users is only listed per group (`/v1/groups/{id}/users`), so it is not read. */
export function mapDriver(payload: unknown): NormalizedDriver {
  const user = parse(motiveUser, payload, "user");
  if (user.role !== "driver") {
    throw new ProviderError("malformed", `Motive: user ${user.id} is a ${user.role}, not a driver.`);
  }
  const license = licence(user.drivers_license_state, user.drivers_license_number);
  return {
    sourceId: String(user.id),
    status: user.status === "active" ? "active" : "inactive",
    ...present("firstName", user.first_name),
    ...present("lastName", user.last_name),
    ...present("email", user.email),
    ...present("phone", user.phone),
    ...present("username", user.username),
    ...(license ? { license } : {}),
    groupSourceIds: [],
    ...timestamps(user),
  };
}

/** An ELD is the vehicle gateway: a tracker. Its identifier is the serial number printed on it. */
export function mapDevice(payload: unknown): NormalizedDevice {
  const device = parse(motiveEldDevice, payload, "ELD device");
  return {
    sourceId: String(device.id),
    type: "tracker",
    ...(device.vehicle ? { vehicleSourceId: String(device.vehicle.id) } : {}),
    ...present("description", device.model),
    ...present("serialNumber", device.identifier),
  };
}

/**
 * A vehicle-day from the day's rollup (times, fuel) and IFTA trips (distance: the sum of the
 * day's jurisdictions). Each value is converted by the unit flag its own row declares, so an
 * imperial answer is read correctly even though metric units were asked for. Motive gives no
 * first or last movement, so the row spans the whole day.
 */
export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const day = parse(motiveUtilizationDay, payload, "utilization day");
  const rollup = day.vehicle_idle_rollup;
  const trips = (day.ifta_trips ?? []).filter(
    (trip) => trip.vehicle.id === rollup.vehicle.id && trip.date === day.date,
  );
  const distance = trips.reduce((sum, trip) => sum + trip.distance * (trip.vehicle.metric_units ? 1 : KM_PER_MILE), 0);
  const fuelFactor = rollup.vehicle.metric_units ? 1 : LITRES_PER_US_GALLON;
  const dayStart = Date.parse(`${day.date}T00:00:00.000Z`);
  return {
    vehicleSourceId: String(rollup.vehicle.id),
    date: day.date,
    startAt: new Date(dayStart).toISOString(),
    endAt: new Date(dayStart + DAY_MS).toISOString(),
    distance: round2(distance),
    fuelConsumed: round2((rollup.idle_fuel + rollup.driving_fuel) * fuelFactor),
    durations: { driving: Math.round(rollup.driving_time * 1000), idling: Math.round(rollup.idle_time * 1000) },
  };
}

/**
 * Motive reports one acceleration magnitude in g: braking decelerates (negative forward g),
 * cornering is sideways; other behaviours carry no g-force we can place on an axis.
 */
export function mapSafetyEvent(payload: unknown): NormalizedSafetyEvent {
  const event = parse(motiveDriverPerformanceEvent, payload, "driver performance event");
  const speeds = [event.start_speed, event.end_speed].filter((speed): speed is number => speed != null);
  const maximumSpeed = event.max_speed ?? (speeds.length ? Math.max(...speeds) : undefined);
  const g = event.acceleration == null ? undefined : Math.abs(event.acceleration);
  const stats: NonNullable<NormalizedSafetyEvent["stats"]> = {
    ...(maximumSpeed != null ? { maximumSpeed: round2(maximumSpeed) } : {}),
    ...(g !== undefined && event.type === "hard_brake" ? { gForceForwardBackward: round2(-g) } : {}),
    ...(g !== undefined && event.type === "hard_accel" ? { gForceForwardBackward: round2(g) } : {}),
    ...(g !== undefined && event.type === "hard_corner" ? { gForceSideToSide: round2(g) } : {}),
    ...(event.start_bearing != null ? { heading: round2(event.start_bearing) } : {}),
  };
  return {
    sourceId: String(event.id),
    type: EVENT_TYPES[event.type],
    ...(event.driver ? { driverSourceId: String(event.driver.id) } : {}),
    ...(event.vehicle ? { vehicleSourceId: String(event.vehicle.id) } : {}),
    ...(event.lat != null && event.lon != null ? { startLocation: { latitude: event.lat, longitude: event.lon } } : {}),
    startedAt: iso(event.start_time),
    ...(event.end_time ? { endedAt: iso(event.end_time) } : {}),
    ...(Object.keys(stats).length ? { stats } : {}),
    cameraMedia: cameraReferences(event.camera_media),
  };
}

/** The cameras of an event as the listing tells them: a camera is available once it has a link. */
function cameraReferences(media: MotiveCameraMedia | null | undefined): NormalizedSafetyEvent["cameraMedia"] {
  if (!media?.available) return {};
  const { front, driver } = cameraLinks(media);
  return {
    // Motive's dashcams always film the road; media whose links are not ready yet is that camera's, pending.
    frontFacing: { sourceId: cameraSourceId(media, "front"), available: front.video !== null || front.image !== null },
    ...(driver.video !== null || driver.image !== null
      ? { rearFacing: { sourceId: cameraSourceId(media, "driver"), available: true } }
      : {}),
  };
}

/**
 * The links of an event's media, read live. Road-facing → `frontFacing`, driver-facing →
 * `rearFacing`; plain videos are preferred to the enhanced (annotated) ones. No camera means
 * no media; media Motive has not transcoded yet (no link at all) is ProviderError("provisioning_pending").
 */
export function mapCameraMedia(payload: unknown): NormalizedCameraMedia {
  const event = parse(motiveDriverPerformanceEvent, payload, "driver performance event");
  const media = event.camera_media;
  if (!media?.available) return {};
  const { front, driver } = cameraLinks(media);
  const view = (camera: "front" | "driver", links: CameraLinks): CameraView | undefined =>
    links.video === null && links.image === null
      ? undefined
      : {
          sourceId: cameraSourceId(media, camera),
          ...(links.video !== null ? { videoUrl: links.video } : {}),
          ...(links.image !== null ? { imageUrl: links.image } : {}),
        };
  const frontFacing = view("front", front);
  const rearFacing = view("driver", driver);
  if (!frontFacing && !rearFacing) {
    throw new ProviderError(
      "provisioning_pending",
      `Motive has not prepared the camera media of event ${event.id} yet (transcoding: ${media.auto_transcode_status ?? "unknown"}).`,
    );
  }
  return { ...(frontFacing ? { frontFacing } : {}), ...(rearFacing ? { rearFacing } : {}) };
}

type CameraLinks = { video: string | null; image: string | null };

function cameraLinks(media: MotiveCameraMedia): { front: CameraLinks; driver: CameraLinks } {
  const videos = media.downloadable_videos;
  const images = media.downloadable_images;
  return {
    front: {
      video: videos?.front_facing_plain_url ?? videos?.front_facing_enhanced_url ?? null,
      image: images?.front_facing_jpg_url ?? null,
    },
    driver: {
      video: videos?.driver_facing_plain_url ?? videos?.driver_facing_enhanced_url ?? null,
      image: images?.driver_facing_jpg_url ?? null,
    },
  };
}

/** One media id covers both cameras at Motive; the camera makes each view's id distinct. */
export function cameraSourceId(media: { id: number }, camera: "front" | "driver"): string {
  return `${media.id}-${camera === "front" ? "front_facing" : "driver_facing"}`;
}

function licence(state: string | null | undefined, number: string | null | undefined) {
  if (!state && !number) return undefined;
  return { ...(state ? { state } : {}), ...(number ? { number } : {}) };
}

function timestamps(record: { created_at?: string | null; updated_at?: string | null }) {
  return {
    ...(record.created_at ? { createdAt: iso(record.created_at) } : {}),
    ...(record.updated_at ? { updatedAt: iso(record.updated_at) } : {}),
  };
}

/** A field only when the payload has a non-empty value for it (Motive sends null for unknowns). */
function present<K extends string>(key: K, value: string | null | undefined): { [P in K]?: string } {
  return value ? ({ [key]: value } as { [P in K]?: string }) : {};
}

/** Motive's timestamps (`2025-11-03T15:04:05Z`, sometimes with an offset) as ISO 8601 UTC with milliseconds. */
function iso(value: string): string {
  return new Date(value).toISOString();
}

function parse<T>(schema: z.ZodType<T>, payload: unknown, what: string): T {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  throw new ProviderError("malformed", `Motive: invalid ${what} payload (${problems}).`);
}

/**
 * Rounded to 2 decimals, as wire-compat.md asks. The value is first cleaned to 6 decimals, so
 * the noise of a unit conversion or of a sum of jurisdictions (123.455 arriving as
 * 123.45500000000001) cannot tip a value across a rounding boundary; `+ 0` turns -0 into 0.
 */
export function round2(value: number): number {
  return Math.round(Number(value.toFixed(6)) * 100) / 100 + 0;
}
