import { z } from "@hono/zod-openapi";
import { motiveId, numeric, text, timestamp } from "./payloads";

/**
 * Motive's time-series payloads (providers-families.md section 2.1, 2.2): location points, the
 * vehicles of the live snapshot, and driving periods. As in payloads.ts, every field a mapper
 * reads is checked, documented nullables are nullable and unknown fields are ignored.
 */

const reading = numeric.nullish();

/**
 * One location point: an element of `GET /v3/vehicle_locations/{vehicle_id}`
 * (`vehicle_locations[].vehicle_location`) and a vehicle's `current_location` in the live
 * snapshot. `speed` is km/h (the v3 pages document kph); `odometer` and `fuel` follow the
 * request's `X-Metric-Units` (km and litres, or miles and US gallons); `engine_hours` are
 * decimal hours; `bearing` is degrees. The `true_*` values are the fleet's corrected ones, which
 * Motive recommends. The point's own id is a UUID string in v3 (an integer in the 2016 pages).
 */
export const motiveLocationPoint = z.object({
  id: z.union([z.string().min(1), motiveId]).nullish(),
  located_at: timestamp,
  lat: z.number().min(-90).max(90).nullish(),
  lon: z.number().min(-180).max(180).nullish(),
  bearing: reading,
  speed: reading,
  type: text,
  description: text,
  odometer: reading,
  true_odometer: reading,
  engine_hours: reading,
  true_engine_hours: reading,
  fuel: reading,
  fuel_primary_remaining_percentage: reading,
  fuel_secondary_remaining_percentage: reading,
  battery_voltage: reading,
  driver: z.object({ id: motiveId }).nullish(),
});
export type MotiveLocationPoint = z.infer<typeof motiveLocationPoint>;

/**
 * One breadcrumb as the adapter reads it: Motive's point untouched, with what the answer does
 * not say about it: the vehicle of the path it was read from, and the unit system the request
 * asked for (Motive's history points carry no unit flag of their own).
 */
export const motiveVehicleLocation = z.object({
  vehicle_id: motiveId,
  metric_units: z.boolean(),
  vehicle_location: motiveLocationPoint,
});
export type MotiveVehicleLocation = z.infer<typeof motiveVehicleLocation>;

/**
 * A vehicle of the live snapshot, `GET /v3/vehicle_locations` (`vehicles[].vehicle`), with
 * the unit system the request asked for beside it, as for breadcrumbs.
 */
export const motiveCurrentLocation = z.object({
  metric_units: z.boolean(),
  vehicle: z.object({
    id: motiveId,
    current_location: motiveLocationPoint,
    current_driver: z.object({ id: motiveId }).nullish(),
  }),
});
export type MotiveCurrentLocation = z.infer<typeof motiveCurrentLocation>;

/**
 * `GET /v1/driving_periods` (`driving_periods[].driving_period`). `start_kilometers` and
 * `end_kilometers` are odometer readings in km whatever the units header; `distance` is
 * documented as a number and seen in production as a formatted string (`"42.2 mi"`), so both
 * are read. An in-progress period has no `end_time` (and no end-side fields).
 */
export const motiveDrivingPeriod = z.object({
  id: motiveId,
  start_time: timestamp,
  end_time: timestamp.nullish(),
  status: text,
  type: text,
  origin: text,
  destination: text,
  origin_lat: z.number().min(-90).max(90).nullish(),
  origin_lon: z.number().min(-180).max(180).nullish(),
  destination_lat: z.number().min(-90).max(90).nullish(),
  destination_lon: z.number().min(-180).max(180).nullish(),
  start_kilometers: reading,
  end_kilometers: reading,
  distance: z.union([z.number().finite(), z.string()]).nullish(),
  driver: z.object({ id: motiveId }).nullish(),
  vehicle: z.object({ id: motiveId }).nullish(),
});
export type MotiveDrivingPeriod = z.infer<typeof motiveDrivingPeriod>;
