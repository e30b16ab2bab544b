/**
 * The canonical time series (../series.ts) as Samsara renders them (providers-families.md 1.1,
 * 1.2, 1.5, 1.6): `gps` readings in mph, stat readings in Samsara's units (metres, millilitres,
 * seconds, milli-°C, mV, whole percents), `faultCodes` points (fault-render.ts), trips of the
 * trips stream (no id, no driver, no distance). Pure functions with no Node imports, so the workerd tests can import the rules the
 * fake adds (when a trip is processed, the trip's source id, the page budget).
 */
import { type FleetOptions, vehiclesAt } from "../fleet.ts";
import {
  breadcrumbsBetween,
  type CanonicalPoint,
  type CanonicalStat,
  type CanonicalStatType,
  type CanonicalTrip,
  latestOf,
  statsBetween,
} from "../series.ts";
import { faultPointsOf } from "./fault-render.ts";
import { rfc3339 } from "./render.ts";

const KM_PER_MILE = 1.609344;
const DAY_MS = 86_400_000;
/** A trip is processed (completed, with its end) this long after the vehicle stops. */
export const TRIP_PROCESSED_AFTER_MS = 45_000;
/** A trip appears in the stream (created) this long after it starts. */
export const TRIP_CREATED_AFTER_MS = 20_000;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
export const samsaraTime = (ms: number) => rfc3339(new Date(ms).toISOString());

/** Every stat type the stats endpoints take (the SDK's enum, aux inputs and EV stats left out). */
export const KNOWN_STAT_TYPES: ReadonlySet<string> = new Set([
  "gps",
  "engineStates",
  "obdOdometerMeters",
  "gpsOdometerMeters",
  "gpsDistanceMeters",
  "obdEngineSeconds",
  "syntheticEngineSeconds",
  "fuelPercents",
  "fuelConsumedMilliliters",
  "idlingDurationMilliseconds",
  "engineRpm",
  "engineCoolantTemperatureMilliC",
  "engineOilPressureKPa",
  "engineLoadPercent",
  "engineImmobilizer",
  "batteryMilliVolts",
  "ecuSpeedMph",
  "defLevelMilliPercent",
  "ambientAirTemperatureMilliC",
  "intakeManifoldTemperatureMilliC",
  "barometricPressurePa",
  "faultCodes",
  "nfcCardScans",
  "seatbeltDriver",
  "ecuDoorStatus",
  "tellTales",
]);

/**
 * The Samsara stat of each canonical stat type, and the value in Samsara's unit. The fleet has
 * no GPS odometer, synthetic engine seconds or oil pressure: those types are served empty.
 */
const SAMSARA_STATS: Readonly<Record<CanonicalStatType, { key: string; value: (value: number) => number }>> = {
  engine_state: { key: "engineStates", value: (value) => value },
  odometer: { key: "obdOdometerMeters", value: (km) => Math.round(km * 1000) },
  fuel_level: { key: "fuelPercents", value: (percent) => Math.round(percent) },
  total_fuel_consumption: { key: "fuelConsumedMilliliters", value: (litres) => Math.round(litres * 1000) },
  engine_runtime: { key: "obdEngineSeconds", value: (ms) => Math.round(ms / 1000) },
  engine_coolant_temperature: { key: "engineCoolantTemperatureMilliC", value: (celsius) => Math.round(celsius * 1000) },
  engine_rpm: { key: "engineRpm", value: (rpm) => rpm },
  battery_voltage: { key: "batteryMilliVolts", value: (volts) => Math.round(volts * 1000) },
};

/** A breadcrumb as a `gps` reading: mph with 2 decimals, the speed from GPS (not the ECU). */
export function gpsReadingOf(point: CanonicalPoint) {
  return {
    time: samsaraTime(point.time),
    latitude: point.latitude,
    longitude: point.longitude,
    headingDegrees: point.heading,
    speedMilesPerHour: round(point.speedKmh / KM_PER_MILE, 2),
    isEcuSpeed: false,
  };
}

/** A canonical stat reading as a Samsara `{ time, value }` under its Samsara type. */
export function statReadingOf(stat: CanonicalStat): { key: string; reading: { time: string; value: number | string } } {
  const { key, value } = SAMSARA_STATS[stat.type];
  const reading = typeof stat.value === "string" ? (stat.value === "on" ? "On" : "Off") : value(stat.value as number);
  return { key, reading: { time: samsaraTime(stat.time), value: reading } };
}

/** One reading of a history listing: the vehicle it belongs to, its Samsara type, the reading. */
export type HistoryEntry = { vehicleId: string; key: string; time: number; reading: unknown };

/**
 * A vehicle's readings of `types` in [from, to] (both ends included, as the fake reads
 * `endTime`) up to now, with, per type, its last reading of the day before `from` (Samsara's
 * history guide shows such readings: the adapter must drop them). In time order.
 */
export function historyOf(
  fleet: FleetOptions,
  vehicleId: string,
  types: readonly string[],
  from: number,
  to: number,
  now: number,
): HistoryEntry[] {
  const until = Math.min(to, now);
  if (until < from) return [];
  const entries: HistoryEntry[] = [];
  const add = (key: string, timed: { time: number; reading: unknown }[]) => {
    const before = timed.filter((entry) => entry.time < from).at(-1);
    for (const entry of [...(before ? [before] : []), ...timed.filter((entry) => entry.time >= from)]) {
      entries.push({ vehicleId, key, ...entry });
    }
  };
  if (types.includes("gps")) {
    const points = breadcrumbsBetween(fleet, vehicleId, from - DAY_MS, until + 1);
    add(
      "gps",
      points.map((point) => ({ time: point.time, reading: gpsReadingOf(point) })),
    );
  }
  if (types.includes("faultCodes")) {
    const vehicle = vehiclesAt(fleet).find((candidate) => candidate.id === vehicleId);
    if (vehicle) add("faultCodes", faultPointsOf(fleet, vehicle, from - DAY_MS, until, now));
  }
  const statKeys = types.filter((type) => type !== "gps" && type !== "faultCodes");
  if (statKeys.length > 0) {
    const byKey = new Map<string, { time: number; reading: unknown }[]>();
    for (const stat of statsBetween(fleet, vehicleId, from - DAY_MS, until + 1)) {
      const { key, reading } = statReadingOf(stat);
      if (!statKeys.includes(key)) continue;
      const series = byKey.get(key) ?? [];
      series.push({ time: stat.time, reading });
      byKey.set(key, series);
    }
    for (const key of statKeys) add(key, byKey.get(key) ?? []);
  }
  return entries.sort((a, b) => a.time - b.time || types.indexOf(a.key) - types.indexOf(b.key));
}

/** Entries of a page grouped back into Samsara's vehicle objects, a vehicle's readings under their types. */
export function historyVehicles(fleet: FleetOptions, entries: readonly HistoryEntry[]) {
  const names = new Map(vehiclesAt(fleet).map((vehicle) => [vehicle.id, vehicle]));
  const objects = new Map<string, Record<string, unknown>>();
  for (const entry of entries) {
    let object = objects.get(entry.vehicleId);
    if (!object) {
      const vehicle = names.get(entry.vehicleId);
      object = { id: entry.vehicleId, name: vehicle?.name, externalIds: { "samsara.vin": vehicle?.vin } };
      objects.set(entry.vehicleId, object);
    }
    const series = (object[entry.key] as unknown[] | undefined) ?? [];
    series.push(entry.reading);
    object[entry.key] = series;
  }
  return [...objects.values()];
}

/**
 * A vehicle of the stats snapshot at `now` with the requested types: one `{ time, value }` per
 * stat, `engineState` and `fuelPercent` singular (the snapshot's quirk).
 */
export function snapshotOf(
  fleet: FleetOptions,
  vehicle: { id: string; name: string },
  types: readonly string[],
  now: number,
) {
  const latest = latestOf(fleet, vehicle.id, now);
  const time = samsaraTime(latest.time);
  const object: Record<string, unknown> = { id: vehicle.id, name: vehicle.name };
  for (const type of types) {
    if (type === "gps") {
      object.gps = {
        time,
        latitude: latest.latitude,
        longitude: latest.longitude,
        headingDegrees: latest.heading,
        speedMilesPerHour: round(latest.speedKmh / KM_PER_MILE, 2),
        isEcuSpeed: false,
      };
    }
    if (type === "engineStates") object.engineState = { time, value: latest.engineState === "on" ? "On" : "Off" };
    if (type === "fuelPercents") object.fuelPercent = { time, value: Math.round(latest.fuelPercent) };
    if (type === "obdOdometerMeters") object.obdOdometerMeters = { time, value: Math.round(latest.odometerKm * 1000) };
    if (type === "obdEngineSeconds")
      object.obdEngineSeconds = { time, value: Math.round(latest.engineRuntimeMs / 1000) };
  }
  return object;
}

/** Whether the stream lists the trip as completed at `now` (its end processed). */
export const isCompleted = (trip: CanonicalTrip, now: number) => now >= trip.endedAt + TRIP_PROCESSED_AFTER_MS;

/** When the stream last changed the trip: created after its start, updated once completed. */
export const tripUpdatedAt = (trip: CanonicalTrip, now: number) =>
  isCompleted(trip, now) ? trip.endedAt + TRIP_PROCESSED_AFTER_MS : trip.startedAt + TRIP_CREATED_AFTER_MS;

/** A trip of `GET /trips/stream`: the asset's name, type and VIN only with `includeAsset=true`. */
export function tripOf(fleet: FleetOptions, trip: CanonicalTrip, now: number, includeAsset: boolean) {
  const vehicle = vehiclesAt(fleet).find((candidate) => candidate.id === trip.vehicleId);
  const completed = isCompleted(trip, now);
  const first = trip.points[0];
  const last = trip.points.at(-1);
  return {
    asset: includeAsset
      ? { id: trip.vehicleId, name: vehicle?.name, type: "vehicle", vin: vehicle?.vin }
      : { id: trip.vehicleId },
    completionStatus: completed ? "completed" : "inProgress",
    tripStartTime: samsaraTime(trip.startedAt),
    ...(completed ? { tripEndTime: samsaraTime(trip.endedAt) } : {}),
    startLocation: { ...trip.start, headingDegrees: first?.heading ?? 0 },
    ...(completed ? { endLocation: { ...trip.end, headingDegrees: last?.heading ?? 0 } } : {}),
    createdAtTime: samsaraTime(trip.startedAt + TRIP_CREATED_AFTER_MS),
    updatedAtTime: samsaraTime(tripUpdatedAt(trip, now)),
  };
}
