import { z } from "@hono/zod-openapi";

/**
 * Motive's own payloads (providers.md section 2), the inner objects of its wrapped lists
 * (`{ "vehicles": [{ "vehicle": {…} }] }`): what the mappers of models/ validate before normalizing.
 * Provider data is untrusted input, so every field the mapping reads is checked here; fields
 * Motive documents as nullable are nullable, and unknown fields are ignored (never rejected).
 */

/** Motive ids are integers. */
export const motiveId = z.number().int().nonnegative();
export const timestamp = z.iso.datetime({ offset: true });
export const text = z.string().nullish();
/** Numbers Motive sends either as JSON numbers or as numeric strings (v2 documents `acceleration` as a string). */
export const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const nonNegative = z.number().finite().nonnegative();

export const MOTIVE_STATUSES = ["active", "deactivated"] as const;

/** `GET /v1/companies`: the company behind the API key. */
export const motiveCompany = z.object({
  id: motiveId,
  name: z.string().min(1),
  dot_ids: z.array(z.union([z.string(), z.number().int()])).nullish(),
  time_zone: text,
  metric_units: z.boolean().nullish(),
});
export type MotiveCompany = z.infer<typeof motiveCompany>;

/** `GET /v1/users` (drivers are users with `role: "driver"`). */
export const motiveUser = z.object({
  id: motiveId,
  first_name: text,
  last_name: text,
  email: text,
  username: text,
  phone: text,
  role: z.string(),
  status: z.enum(MOTIVE_STATUSES),
  drivers_license_number: text,
  drivers_license_state: text,
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});
export type MotiveUser = z.infer<typeof motiveUser>;

/** `GET /v1/groups`. */
export const motiveGroup = z.object({
  id: motiveId,
  name: z.string().min(1),
  parent_id: motiveId.nullish(),
});
export type MotiveGroup = z.infer<typeof motiveGroup>;

/** The ELD (vehicle gateway) as embedded in a vehicle. */
const embeddedEldDevice = z.object({ id: motiveId, identifier: text, model: text });

/** `GET /v1/vehicles`. `fuel_type` stays an open string: Motive's list of fuels is longer than ours. */
export const motiveVehicle = z.object({
  id: motiveId,
  number: text,
  status: z.enum(MOTIVE_STATUSES),
  vin: text,
  make: text,
  model: text,
  year: z.union([z.string(), z.number().int()]).nullish(),
  license_plate_state: text,
  license_plate_number: text,
  metric_units: z.boolean().nullish(),
  fuel_type: text,
  eld_device: embeddedEldDevice.nullish(),
  group_ids: z.array(motiveId).nullish(),
  created_at: timestamp.nullish(),
  updated_at: timestamp.nullish(),
});
export type MotiveVehicle = z.infer<typeof motiveVehicle>;

/** The short vehicle object embedded in reports (utilization, IFTA trips, ELD devices). */
const vehicleReference = z.object({ id: motiveId, number: text, metric_units: z.boolean().nullish() });

/** `GET /v1/eld_devices`: the vehicle gateways. */
export const motiveEldDevice = z.object({
  id: motiveId,
  identifier: text,
  model: text,
  vehicle: vehicleReference.nullish(),
});
export type MotiveEldDevice = z.infer<typeof motiveEldDevice>;

/**
 * `GET /v1/vehicle_utilization`: one vehicle's rollup over the requested dates. Times in
 * seconds; fuel in litres when `vehicle.metric_units` is true, US gallons otherwise.
 */
export const motiveIdleRollup = z.object({
  vehicle: vehicleReference.extend({ metric_units: z.boolean() }),
  utilization: numeric.nullish(),
  idle_time: nonNegative,
  idle_fuel: nonNegative,
  driving_time: nonNegative,
  driving_fuel: nonNegative,
});
export type MotiveIdleRollup = z.infer<typeof motiveIdleRollup>;

/** `GET /v1/ifta/trips`: distance per jurisdiction and day, in the vehicle's own units (km or miles). */
export const motiveIftaTrip = z.object({
  id: motiveId,
  date: z.iso.date(),
  jurisdiction: text,
  vehicle: vehicleReference.extend({ metric_units: z.boolean() }),
  distance: nonNegative,
});
export type MotiveIftaTrip = z.infer<typeof motiveIftaTrip>;

/**
 * One vehicle-day as the adapter reads it: the day's utilization rollup and the same day's
 * IFTA trips of that vehicle, each Motive's own inner object untouched. `ifta_trips` is null
 * when the account may not read IFTA trips.
 */
export const motiveUtilizationDay = z.object({
  date: z.iso.date(),
  vehicle_idle_rollup: motiveIdleRollup,
  ifta_trips: z.array(motiveIftaTrip).nullable(),
});
export type MotiveUtilizationDay = z.infer<typeof motiveUtilizationDay>;

const mediaUrl = z.url().nullish();

/**
 * `camera_media` of a driver performance event: signed S3 links, null until transcoded.
 * `available` is false both without a camera and without footage; the camera's type and
 * positions (`cam_type`/`camera_type`, `cam_positions`) tell a dash cam that recorded nothing.
 */
export const motiveCameraMedia = z.object({
  id: motiveId,
  available: z.boolean(),
  cam_type: text,
  camera_type: text,
  cam_positions: z.array(z.string()).nullish(),
  auto_transcode_status: text,
  downloadable_videos: z
    .object({
      front_facing_plain_url: mediaUrl,
      front_facing_enhanced_url: mediaUrl,
      driver_facing_plain_url: mediaUrl,
      driver_facing_enhanced_url: mediaUrl,
      dual_facing_enhanced_url: mediaUrl,
      dual_facing_enhanced_ai_viz_url: mediaUrl,
    })
    .nullish(),
  downloadable_images: z.object({ front_facing_jpg_url: mediaUrl, driver_facing_jpg_url: mediaUrl }).nullish(),
});
export type MotiveCameraMedia = z.infer<typeof motiveCameraMedia>;

/** Motive's safety behaviours in `driver_performance_events` (v1 and v2). */
export const MOTIVE_EVENT_TYPES = [
  "hard_accel",
  "hard_brake",
  "hard_corner",
  "crash",
  "seat_belt_violation",
  "tailgating",
  "cell_phone",
  "stop_sign_violation",
  "distraction",
  "unsafe_lane_change",
  "drowsiness",
  "road_facing_cam_obstruction",
  "driver_facing_cam_obstruction",
  "forward_collision_warning",
] as const;
export type MotiveEventType = (typeof MOTIVE_EVENT_TYPES)[number];

/** `GET /v1/driver_performance_events`. Speeds in km/h, acceleration in g, duration in seconds. */
export const motiveDriverPerformanceEvent = z.object({
  id: motiveId,
  type: z.enum(MOTIVE_EVENT_TYPES),
  start_time: timestamp,
  end_time: timestamp.nullish(),
  acceleration: numeric.nullish(),
  start_speed: numeric.nullish(),
  end_speed: numeric.nullish(),
  max_speed: numeric.nullish(),
  start_bearing: numeric.nullish(),
  lat: z.number().min(-90).max(90).nullish(),
  lon: z.number().min(-180).max(180).nullish(),
  driver: z.object({ id: motiveId }).nullish(),
  vehicle: z.object({ id: motiveId }).nullish(),
  camera_media: motiveCameraMedia.nullish(),
});
export type MotiveDriverPerformanceEvent = z.infer<typeof motiveDriverPerformanceEvent>;

/** Every list answer's paging block (providers.md 2.2). */
export const motivePagination = z.object({
  per_page: z.number().int().positive(),
  page_no: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});
export type MotivePagination = z.infer<typeof motivePagination>;
