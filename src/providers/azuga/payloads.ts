import { z } from "@hono/zod-openapi";

/**
 * Azuga's own payloads (the v3 OAuth API and its reports, providers-more.md §5), in its field
 * names: epoch-millisecond times, km and km/h. Ids may come as numbers or text and are kept as
 * text. Fields the reference marks unverified (latest-location coordinates, the reports' rows)
 * follow the names its integrators read. Provider data is untrusted: validated before mapping,
 * unknown fields ignored.
 */

/** An id sent as text or as a number; blank is absent. */
const textId = z
  .union([z.string(), z.number()])
  .transform((value) => (String(value).trim() === "" ? undefined : String(value).trim()));
const id = textId.pipe(z.string());
const text = z.string().nullish();
const number = z.number().nullish();
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const epochMs = z.number().int().nonnegative();

/** `{generatedAtInMillis, data, error}`: success has `error` null or [] (only a non-empty one fails). */
export const envelope = z.object({
  generatedAtInMillis: z.number().optional(),
  data: z.unknown().optional(),
  error: z.array(z.unknown()).nullish(),
});

/** The login's `data`. */
export const loginAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string().optional(),
});

/** `POST /trackees.json`: a trackee (`trackeeTypeId` 1 is a vehicle). */
export const azugaTrackee = z.object({
  trackeeId: id,
  name: text,
  make: text,
  model: text,
  year: z.union([z.number(), z.string()]).nullish(),
  vin: text,
  licensePlateNo: text,
  assetno: text,
  ownership: text,
  trackeeTypeId: number,
  odoSource: text,
  vehicleSupportedOdoValue: number,
  vehicleDeviceCurrentodoReading: number,
  vehicleDeviceOdoReading: number,
  lastContactDate: epochMs.nullish(),
  userId: textId.nullish(),
  groupId: textId.nullish(),
  groupName: text,
});
export type AzugaTrackee = z.infer<typeof azugaTrackee>;

/** `POST /users.json?userType=driver`. */
export const azugaUser = z.object({
  id,
  firstName: text,
  lastName: text,
  email: text,
  primaryContactNumber: text,
  licenseNumber: text,
  licenseState: text,
  licenseExpiry: z.union([z.string(), z.number()]).nullish(),
  userName: text,
  userType: text,
});

/** `POST /vehicles/latestlocation`: a vehicle's last fix (`storedLocation` true = a stale fix). */
export const azugaLatestLocation = z.object({
  trackeeId: id,
  trackeeName: text,
  firstName: text,
  lastName: text,
  driverId: textId.nullish(),
  address: text,
  lastKnownAddress: text,
  storedLocation: z.boolean().nullish(),
  latitude,
  longitude,
  speed: number,
  heading: number,
  odometer: number,
  tripStateId: number,
  eventTime: epochMs,
});

/** A row of the trip report (`reports/v3/reports/trip`). */
export const azugaTripRow = z.object({
  tripId: id,
  vehicleId: id,
  vehicleName: text,
  driverId: textId.nullish(),
  startTime: epochMs,
  endTime: epochMs.nullish(),
  startLatitude: number,
  startLongitude: number,
  endLatitude: number,
  endLongitude: number,
  startAddress: text,
  endAddress: text,
  distance: number,
  maxSpeed: number,
});

/** A row of the breadcrumb report (`reports/v3/reports/breadcrumb`). */
export const azugaBreadcrumb = z.object({
  vehicleId: id,
  vehicleName: text,
  driverId: textId.nullish(),
  eventTime: epochMs,
  latitude,
  longitude,
  speed: number,
  heading: number,
  address: text,
  odometer: number,
});
