import { z } from "@hono/zod-openapi";

/**
 * TN360's own payloads (providers-more.md section 7), in its field names: `GPS` objects with
 * `Lat`, `Lng`, `Spd` (km/h), `Alt` (m), `Dir` (degrees); `updatedAt`/`createdAt` ISO 8601 with
 * the fleet's local offset; `timeAt` epoch milliseconds. Ids may come as numbers or text and are
 * kept as text. Provider data is untrusted: validated before mapping, unknown fields ignored.
 */

/** An id sent as text or as a number; blank is absent. */
const textId = z
  .union([z.string(), z.number()])
  .transform((value) => (String(value).trim() === "" ? undefined : String(value).trim()));
const id = textId.pipe(z.string());
const text = z.string().nullish();
const number = z.number().nullish();
const epochMs = z.number().int().nonnegative();

/** A GPS fix: `valid` false is a fix the device could not take. */
export const tn360Gps = z.object({
  valid: z.boolean().nullish(),
  Lat: z.number().min(-90).max(90),
  Lng: z.number().min(-180).max(180),
  Spd: number,
  Alt: number,
  Dir: number,
  NSat: number,
  HDOP: number,
});

/** `GET /v1/vehicles`: a vehicle (also embedded in the stats with `embed=vehicles`). */
export const tn360Vehicle = z.object({
  id,
  name: text,
  registration: text,
  registrationState: text,
  vin: text,
  externalId: textId.nullish(),
});

/** `GET /v1/vehicles/stats?embed=vehicles&gps=true`: a vehicle's last fix. */
export const tn360Stats = z.object({ GPS: tn360Gps, updatedAt: z.string(), vehicle: tn360Vehicle });

/**
 * A point of `GET /v1/vehicles/{id}/positions` (`Lat`, `Lng` [OBS]; the speed, heading and time
 * fields [UNVERIFIED]: read as the stats' `Spd`/`Dir` and the events' `timeAt`, or `updatedAt`).
 */
export const tn360Position = z
  .object({
    Lat: z.number().min(-90).max(90),
    Lng: z.number().min(-180).max(180),
    Spd: number,
    Alt: number,
    Dir: number,
    timeAt: epochMs.nullish(),
    updatedAt: text,
  })
  .refine((point) => point.timeAt != null || Boolean(point.updatedAt), {
    message: "a point needs timeAt or updatedAt",
  });

/** A position as a page item: the provider's point with the vehicle its path named (points carry none). */
export const positionItem = z.object({ vehicleId: id, position: z.unknown() });

/** `GET /v1/events`: one event; related entities are ids only. */
export const tn360Event = z.object({
  id,
  companyId: textId.nullish(),
  deviceId: textId.nullish(),
  vehicleId: id,
  tripId: textId.nullish(),
  type: z.string(),
  action: z.string(),
  location: text,
  timeAt: epochMs,
  createdAt: text,
  odometer: number,
  origin: text,
  attributes: z.record(z.string(), z.unknown()).nullish(),
  GPS: tn360Gps.partial({ Lat: true, Lng: true }).nullish(),
});
export type Tn360Event = z.infer<typeof tn360Event>;

/** A trip as a page item: the ignition-on and ignition-off events of one `tripId`, as TN360 sent them. */
export const tripItem = z.object({ tripId: id, on: z.unknown(), off: z.unknown() });
