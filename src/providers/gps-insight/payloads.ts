import { z } from "@hono/zod-openapi";

/**
 * GPS Insight's own payloads (API v2, `{class}/{method}/json`), in its field names and US units
 * (miles, mph, hours), as providers-more.md §4 and the vendor's doc repo give them. Numbers may
 * arrive as strings (`odometer: "38616.3"`, `driver_id: "1"`), so numeric fields take both; ids
 * are kept as text. Provider data is untrusted input: validated before it is mapped, unknown
 * fields ignored.
 */

/** A number sent as a number or as its text; blank text is absent. */
export const numeric = z.union([z.number(), z.string()]).transform((value, context) => {
  if (typeof value === "number") return value;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  const parsed = Number(trimmed);
  if (!Number.isFinite(parsed)) {
    context.addIssue({ code: "custom", message: "Expected a number" });
    return z.NEVER;
  }
  return parsed;
});

/** An id sent as text or as a number (`driver_id: 4551423` or `"1"`); blank is absent. */
export const textId = z
  .union([z.string(), z.number()])
  .transform((value) => (String(value).trim() === "" ? undefined : String(value).trim()));

const optionalText = z.string().nullish();

/** `{ head, errors?, data }`: every answer; `head.status` is OK or ERROR. */
export const envelope = z.object({
  head: z.object({ status: z.string() }).passthrough(),
  errors: z
    .array(z.object({ code: z.union([z.number(), z.string()]).optional(), message: z.string().optional() }))
    .nullish(),
  data: z.unknown().optional(),
});
export type Envelope = z.infer<typeof envelope>;

/** `userauth/login`: the session token. */
export const loginData = z.object({ token: z.string().min(1) });

/** `vehicle/list?details=1`: the vehicle's static attributes. */
export const gpsInsightVehicle = z.object({
  id: textId.pipe(z.string()),
  vin: optionalText,
  label: optionalText,
  serial_number: textId.optional(),
  make: optionalText,
  model: optionalText,
  model_year: numeric.nullish(),
  license_state: optionalText,
  license_number: optionalText,
  fuel_type: optionalText,
  install_dt: optionalText,
  odometer: numeric.nullish(),
});
export type GpsInsightVehicle = z.infer<typeof gpsInsightVehicle>;

/** `driver/list`. */
export const gpsInsightDriver = z.object({
  id: textId.pipe(z.string()),
  firstname: optionalText,
  lastname: optionalText,
  email: optionalText,
  phone: optionalText,
});
export type GpsInsightDriver = z.infer<typeof gpsInsightDriver>;

/** A location point: `vehicle/location` (the latest) and `vehicle/history` (breadcrumbs). */
export const gpsInsightPoint = z.object({
  id: textId.pipe(z.string()),
  timezone: optionalText,
  fix_time: optionalText,
  fix_time_gmt: z.string().refine((value) => !Number.isNaN(Date.parse(value)), "Expected an ISO date-time"),
  latitude: numeric.pipe(z.number().min(-90).max(90)),
  longitude: numeric.pipe(z.number().min(-180).max(180)),
  address: optionalText,
  heading: numeric.nullish(),
  ignition: optionalText,
  inst_speed: numeric.nullish(),
  avg_speed: numeric.nullish(),
  odometer: numeric.nullish(),
  driver_id: textId.nullish(),
});
export type GpsInsightPoint = z.infer<typeof gpsInsightPoint>;

/** One row of `vehicle/tripdetail`: a trip (`T`), an idle (`I`) or a stop (`S`), in account-local time. */
export const gpsInsightTrip = z.object({
  id: textId.pipe(z.string()),
  trip_type: z.string(),
  trip_start: z.string(),
  trip_end: z.string().nullish(),
  duration: numeric.nullish(),
  distance: numeric.nullish(),
  max_speed: numeric.nullish(),
  avg_speed: numeric.nullish(),
  latitude_start: numeric.nullish(),
  longitude_start: numeric.nullish(),
  latitude_end: numeric.nullish(),
  longitude_end: numeric.nullish(),
  in_progress: numeric.nullish(),
});
export type GpsInsightTrip = z.infer<typeof gpsInsightTrip>;

/**
 * What the adapter hands on for a trip: the row untouched, with the account's UTC offset (in
 * minutes) it was read with, since the row's times are account-local without a zone.
 */
export const gpsInsightTripPayload = z.object({ trip: gpsInsightTrip, utcOffsetMinutes: z.number().int() });

/** One row of `vehicle/listvehiclegroups`: a group the vehicle is in (`ALL VEHICLES` included). */
export const gpsInsightVehicleGroup = z.object({ group_id: textId.pipe(z.string()), label: optionalText });
export type GpsInsightVehicleGroup = z.infer<typeof gpsInsightVehicleGroup>;

/**
 * What the adapter hands on for a vehicle: its `vehicle/list` row and its `vehicle/listvehiclegroups`
 * rows, both untouched (the list has no groups; each vehicle's are asked on their own).
 */
export const gpsInsightVehiclePayload = z.object({
  vehicle: gpsInsightVehicle,
  groups: z.array(gpsInsightVehicleGroup),
});
