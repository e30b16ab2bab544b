import { z } from "@hono/zod-openapi";

/**
 * WEBFLEET.connect rows as `outputformat=json` sends them: flat objects with snake_case keys
 * (providers-more.md 2.3). Only the keys the mappings read are checked; the rest stays in the
 * raw payload. Coordinates are micro-degrees, times ISO 8601 UTC (`useISO8601=true`).
 */

const text = z.string().nullish();
const number = z.number().nullish();

/** A `showObjectReportExtern` row: a vehicle (object) and its last position. */
export const objectRow = z.object({
  objectno: z.string().min(1),
  objectuid: z.string().min(1),
  objectname: text,
  objectclassname: text,
  latitude_mdeg: number,
  longitude_mdeg: number,
  pos_time: text,
  speed: number,
  course: number,
  postext: text,
  postext_short: text,
  ignition: number,
  standstill: number,
  driver: text,
  drivername: text,
  odometer: number,
  /** Not Webfleet's: the object's groups, added by the vehicles read from `showObjectGroupObjects`. */
  objectgroups: z.array(z.string()).optional(),
});
export type ObjectRow = z.infer<typeof objectRow>;

/** A `showDriverReportExtern` row [driver keys beyond `driverno`/`driveruid` UNVERIFIED]. */
export const driverRow = z.object({
  driverno: z.string().min(1),
  driveruid: z.string().min(1),
  name1: text,
  name2: text,
  name3: text,
  email: text,
  telmobile: text,
  telprivate: text,
});
export type DriverRow = z.infer<typeof driverRow>;

/** A `showTripReportExtern` row: `distance` in metres, `duration` and `idle_time` in seconds. */
export const tripRow = z.object({
  tripid: z.union([z.number(), z.string().min(1)]),
  objectno: z.string().min(1),
  objectuid: z.string().min(1),
  start_time: z.string(),
  end_time: z.string(),
  start_latitude: number,
  start_longitude: number,
  end_latitude: number,
  end_longitude: number,
  distance: number,
  duration: number,
  idle_time: number,
  fuel_usage: number,
  driverno: text,
  driveruid: text,
});
export type TripRow = z.infer<typeof tripRow>;

/** A `showTracks` point, with the vehicle it was read for (the point itself does not name it). */
export const trackPayload = z.object({
  objectuid: z.string().min(1),
  track: z.object({
    latitude: z.number(),
    longitude: z.number(),
    pos_time: z.string(),
    speed: number,
    course: number,
  }),
});

/** A `showObjectGroups` row: a (flat) object group, known by its name. */
export const objectGroupRow = z.object({ objectgroupname: z.string().min(1) });

/** A `showObjectGroupObjects` row: one object's membership of one group. */
export const groupObjectRow = z.object({ objectgroupname: z.string().min(1), objectuid: z.string().min(1) });
