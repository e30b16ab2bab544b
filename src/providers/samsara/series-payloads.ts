import { z } from "@hono/zod-openapi";

/**
 * Samsara's time-series payloads (providers-families.md 1.1, 1.2, 1.5), in its field names and
 * units: RFC 3339 times, mph, metres, millilitres, seconds, milli-°C, kPa, mV. The vehicle stats
 * endpoints share one shape: a vehicle `{ id, name, <stat>… }` whose stats are one `{ time, value }`
 * object in the snapshot (`/fleet/vehicles/stats`) and arrays of them in the history.
 */

const text = z.string().nullish();
/** An RFC 3339 time that parses (a reading without a readable time cannot be placed). */
const rfc3339 = z
  .string()
  .min(1)
  .refine((value) => !Number.isNaN(Date.parse(value)), "not an RFC 3339 time");
const finite = z.number().finite();

/** A `gps` reading: speed in mph, the reverse-geocoded address when Samsara has one. */
export const samsaraGpsPoint = z.object({
  time: rfc3339,
  latitude: finite.min(-90).max(90),
  longitude: finite.min(-180).max(180),
  headingDegrees: finite.nullish(),
  speedMilesPerHour: finite.nullish(),
  isEcuSpeed: z.boolean().nullish(),
  reverseGeo: z.object({ formattedLocation: text }).nullish(),
});
export type SamsaraGpsPoint = z.infer<typeof samsaraGpsPoint>;

/** A numeric stat reading (`decorations`, other stats sampled at the same time, are not read). */
export const samsaraStatPoint = z.object({ time: rfc3339, value: finite });
export type SamsaraStatPoint = z.infer<typeof samsaraStatPoint>;

export const SAMSARA_ENGINE_STATES = ["Off", "On", "Idle"] as const;
export const samsaraEngineStatePoint = z.object({ time: rfc3339, value: z.enum(SAMSARA_ENGINE_STATES) });

/**
 * A vehicle of the stats snapshot, as the adapter merges the answers of its two requests (a
 * request names at most three types). Three keys are singular in the snapshot only:
 * `engineState` and `fuelPercent` here (the request names `engineStates`, `fuelPercents`).
 */
export const samsaraVehicleSnapshot = z.object({
  id: z.string().min(1),
  name: text,
  gps: samsaraGpsPoint,
  engineState: samsaraEngineStatePoint.nullish(),
  fuelPercent: samsaraStatPoint.nullish(),
  obdOdometerMeters: samsaraStatPoint.nullish(),
  gpsOdometerMeters: samsaraStatPoint.nullish(),
  obdEngineSeconds: samsaraStatPoint.nullish(),
});
export type SamsaraVehicleSnapshot = z.infer<typeof samsaraVehicleSnapshot>;

/** A vehicle of `/fleet/vehicles/stats/history?types=gps`: its breadcrumbs. */
export const samsaraVehicleGpsHistory = z.object({ id: z.string().min(1), name: text, gps: z.array(samsaraGpsPoint) });

const statSeries = z.array(samsaraStatPoint).nullish();

/** A vehicle of `/fleet/vehicles/stats/history` with the stat types the adapter reads (stat-types.ts). */
export const samsaraVehicleStatHistory = z.object({
  id: z.string().min(1),
  name: text,
  engineStates: z.array(samsaraEngineStatePoint).nullish(),
  obdOdometerMeters: statSeries,
  gpsOdometerMeters: statSeries,
  fuelPercents: statSeries,
  fuelConsumedMilliliters: statSeries,
  obdEngineSeconds: statSeries,
  syntheticEngineSeconds: statSeries,
  engineCoolantTemperatureMilliC: statSeries,
  engineRpm: statSeries,
  batteryMilliVolts: statSeries,
  engineOilPressureKPa: statSeries,
});
export type SamsaraVehicleStatHistory = z.infer<typeof samsaraVehicleStatHistory>;

/** A trip's start or end: the location object of the asset streams. */
const tripLocation = z.object({
  latitude: finite.min(-90).max(90),
  longitude: finite.min(-180).max(180),
  headingDegrees: finite.nullish(),
});

/**
 * `GET /trips/stream`: a trip of an asset. No id (the asset and start time identify it), no
 * driver, no distance; `tripEndTime` and `endLocation` only once the trip is completed.
 */
export const samsaraTrip = z.object({
  asset: z.object({ id: z.string().min(1), name: text, type: text }),
  completionStatus: text,
  tripStartTime: rfc3339,
  tripEndTime: rfc3339.nullish(),
  startLocation: tripLocation.nullish(),
  endLocation: tripLocation.nullish(),
  createdAtTime: rfc3339.nullish(),
  updatedAtTime: rfc3339.nullish(),
});
export type SamsaraTrip = z.infer<typeof samsaraTrip>;
