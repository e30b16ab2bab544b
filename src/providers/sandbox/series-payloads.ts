import { z } from "@hono/zod-openapi";
import { ENGINE_STATES, VEHICLE_STAT_TYPES } from "../../model/normalized";

/**
 * The sandbox API's time series, in its own shapes and units like the rest of it (payloads.ts):
 * miles, mph, US gallons, °F, seconds. Breadcrumbs and stat readings come a vehicle-day per
 * payload, as Samsara's histories list a vehicle's points in one object.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const nonNegative = z.number().finite().nonnegative();

/** `GET /vehicles/locations/history`: one vehicle's points of one day. */
export const sandboxBreadcrumbDay = z.object({
  vehicleId: z.string().min(1),
  day: z.iso.date(),
  points: z.array(
    z.object({
      time: isoDateTime,
      lat: latitude,
      lng: longitude,
      headingDegrees: z.number().min(0).max(360),
      speedMph: nonNegative,
      driverId: z.string().min(1).optional(),
      nearestCity: z.string().min(1).optional(),
    }),
  ),
});
export type SandboxBreadcrumbDay = z.infer<typeof sandboxBreadcrumbDay>;

/**
 * `GET /vehicles/stats/history`: one vehicle's readings of one day. Units by type: odometer
 * miles, total fuel US gallons, engine runtime seconds, temperatures °F, pressure PSI, the rest
 * as named (%, rpm, V); the engine state as `on|off|idle`.
 */
export const sandboxStatDay = z.object({
  vehicleId: z.string().min(1),
  day: z.iso.date(),
  readings: z.array(
    z.object({
      type: z.enum(VEHICLE_STAT_TYPES),
      time: isoDateTime,
      value: z.union([z.number().finite(), z.enum(ENGINE_STATES)]),
    }),
  ),
});
export type SandboxStatDay = z.infer<typeof sandboxStatDay>;

/** `GET /trips`: a completed trip. */
export const sandboxTrip = z.object({
  id: z.string().min(1),
  vehicleId: z.string().min(1),
  driverId: z.string().min(1).optional(),
  startTime: isoDateTime,
  endTime: isoDateTime,
  start: z.object({ lat: latitude, lng: longitude }),
  end: z.object({ lat: latitude, lng: longitude }),
  distanceMiles: nonNegative,
});
export type SandboxTrip = z.infer<typeof sandboxTrip>;

/** `GET /vehicles/locations`: where a vehicle is now and the state it is in. */
export const sandboxVehicleLocation = z.object({
  vehicleId: z.string().min(1),
  driverId: z.string().min(1).optional(),
  time: isoDateTime,
  lat: latitude,
  lng: longitude,
  headingDegrees: z.number().min(0).max(360),
  speedMph: nonNegative,
  nearestCity: z.string().min(1).optional(),
  odometerMiles: nonNegative,
  fuelPercent: z.number().min(0).max(100),
  engineState: z.enum(ENGINE_STATES),
  engineSeconds: nonNegative,
});
export type SandboxVehicleLocation = z.infer<typeof sandboxVehicleLocation>;
