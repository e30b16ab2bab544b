/**
 * The canonical fleet's time series, which every fake provider serves in its own shape: each
 * vehicle-day of fleet.ts (`dayOf`) drives two trips, out from its yard and back, with a
 * breadcrumb every 30 s while it moves and a stat reading every 5 minutes. Canonical units:
 * km, km/h, litres, ms, percent, °C, degrees. Deterministic from (seed, vehicle, day), and
 * coherent with the utilization day: the two trips add up to its distance and driving time.
 */

import { type CanonicalDay, dayOf, driversAt, type FleetOptions, hash } from "./fleet.ts";
import { odometerAtDayStart } from "./odometer.ts";

const DAY_MS = 86_400_000;
export const BREADCRUMB_INTERVAL_MS = 30_000;
export const STAT_INTERVAL_MS = 300_000;
/** The fleet's epoch: engine run times count from it (odometers too, odometer.ts). */
const EPOCH = Date.parse("2025-01-01T00:00:00Z");
const KM_PER_DEGREE = 111.32;

export type CanonicalPoint = {
  time: number;
  latitude: number;
  longitude: number;
  /** Degrees clockwise from north. */
  heading: number;
  speedKmh: number;
  odometerKm: number;
};

export type CanonicalTrip = {
  id: string;
  vehicleId: string;
  driverId?: string;
  startedAt: number;
  endedAt: number;
  start: { latitude: number; longitude: number };
  end: { latitude: number; longitude: number };
  distanceKm: number;
  /** The trip's breadcrumbs: the first at its start, the last at its end. */
  points: CanonicalPoint[];
};

export type CanonicalStatType =
  | "engine_state"
  | "odometer"
  | "fuel_level"
  | "total_fuel_consumption"
  | "engine_runtime"
  | "engine_coolant_temperature"
  | "engine_rpm"
  | "battery_voltage";

export type CanonicalStat = { vehicleId: string; type: CanonicalStatType; time: number; value: number | "on" | "off" };

export type CanonicalLatest = {
  vehicleId: string;
  driverId?: string;
  time: number;
  latitude: number;
  longitude: number;
  heading: number;
  speedKmh: number;
  odometerKm: number;
  fuelPercent: number;
  engineState: "on" | "off";
  engineRuntimeMs: number;
};

type Position = { latitude: number; longitude: number };

const YARDS: { readonly west: Position; readonly east: Position } = {
  west: { latitude: 34.05223, longitude: -118.24368 },
  east: { latitude: 33.749, longitude: -84.388 },
};

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const vehicleIndex = (vehicleId: string) => Number(vehicleId.slice(4)) - 1;

/** The vehicle's yard: even vehicles are in Los Angeles, odd ones in Atlanta (fleet.ts groups). */
export function yardOf(vehicleId: string): Position {
  return vehicleIndex(vehicleId) % 2 === 0 ? YARDS.west : YARDS.east;
}

/** The vehicle's driver (same index), when that driver is in the fleet at the revision. */
function driverOf(options: FleetOptions, vehicleId: string): string | undefined {
  const id = `drv-${vehicleIndex(vehicleId) + 1}`;
  return driverIdsAt(options).has(id) ? id : undefined;
}

const driverIdSets = new Map<string, Set<string>>();
function driverIdsAt(options: FleetOptions): Set<string> {
  const key = `${options.seed}|${options.vehicles}|${options.revision}`;
  let ids = driverIdSets.get(key);
  if (!ids) {
    ids = new Set(driversAt(options).map((driver) => driver.id));
    if (driverIdSets.size > 100) driverIdSets.clear();
    driverIdSets.set(key, ids);
  }
  return ids;
}

/**
 * The two trips of a vehicle-day: out along a heading for half the distance, a stop, and back.
 * Remembered (a fake answers the same vehicle-days again and again: pages, models, retries).
 */
export function tripsOfDay(options: FleetOptions, vehicleId: string, day: number): CanonicalTrip[] {
  const key = `${options.seed}|${options.vehicles}|${options.revision}|${vehicleId}|${day}`;
  let trips = tripMemo.get(key);
  if (!trips) {
    trips = computeTripsOfDay(options, vehicleId, day);
    if (tripMemo.size >= 1_000) tripMemo.delete(tripMemo.keys().next().value as string);
    tripMemo.set(key, trips);
  }
  return trips;
}
const tripMemo = new Map<string, CanonicalTrip[]>();

function computeTripsOfDay(options: FleetOptions, vehicleId: string, day: number): CanonicalTrip[] {
  const utilization: CanonicalDay = dayOf(options, vehicleId, isoDate(day * DAY_MS));
  const yard = yardOf(vehicleId);
  const heading = hash(options.seed, "heading", vehicleId, day) % 360;
  const legMs = Math.floor(utilization.drivingMs / 2 / BREADCRUMB_INTERVAL_MS) * BREADCRUMB_INTERVAL_MS;
  const legKm = utilization.distanceKm / 2;
  const startedAt = Date.parse(utilization.startAt);
  const outEnd = startedAt + legMs;
  const backStart = outEnd + utilization.idlingMs;
  const far = offset(yard, heading, legKm);
  const odometer = odometerAtDayStart(options, vehicleId, day);
  const driverId = driverOf(options, vehicleId);
  const leg = (
    k: number,
    from: typeof yard,
    to: typeof yard,
    start: number,
    legHeading: number,
    odometerStart: number,
  ): CanonicalTrip => {
    // The breadcrumbs only when asked for: most reads of a trip (utilization, trips) need its ends only.
    let points: CanonicalPoint[] | undefined;
    return {
      id: `trp-${vehicleId}-${isoDate(day * DAY_MS)}-${k}`,
      vehicleId,
      ...(driverId ? { driverId } : {}),
      startedAt: start,
      endedAt: start + legMs,
      start: from,
      end: to,
      distanceKm: round(legKm, 3),
      get points() {
        points ??= legPoints(from, to, start, legMs, legKm, legHeading, odometerStart);
        return points;
      },
    };
  };
  return [
    leg(0, yard, far, startedAt, heading, odometer),
    leg(1, far, yard, backStart, (heading + 180) % 360, odometer + legKm),
  ];
}

/** Trips of the fleet's vehicles that started in [from, to). */
export function tripsBetween(
  options: FleetOptions,
  vehicleIds: readonly string[],
  from: number,
  to: number,
): CanonicalTrip[] {
  const trips: CanonicalTrip[] = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    for (const vehicleId of vehicleIds) {
      for (const trip of tripsOfDay(options, vehicleId, day))
        if (trip.startedAt >= from && trip.startedAt < to) trips.push(trip);
    }
  }
  return trips;
}

/** A vehicle's breadcrumbs in [from, to), in time order. */
export function breadcrumbsBetween(
  options: FleetOptions,
  vehicleId: string,
  from: number,
  to: number,
): CanonicalPoint[] {
  const points: CanonicalPoint[] = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    for (const trip of tripsOfDay(options, vehicleId, day)) {
      for (const point of trip.points) if (point.time >= from && point.time < to) points.push(point);
    }
  }
  return points;
}

/**
 * A vehicle's stat readings in [from, to), in time order: the engine turns on at each trip's
 * start and off at its end; every 5 minutes of a trip, the odometer, fuel level, fuel used and
 * engine run time so far, coolant temperature, rpm and battery voltage.
 */
export function statsBetween(
  options: FleetOptions,
  vehicleId: string,
  from: number,
  to: number,
  /** Only these types (all when absent): a fake asked for one diagnostic computes only it. */
  types?: ReadonlySet<CanonicalStatType>,
): CanonicalStat[] {
  const stats: CanonicalStat[] = [];
  const wants = (type: CanonicalStatType) => types === undefined || types.has(type);
  const push = (type: CanonicalStatType, time: number, value: () => CanonicalStat["value"]) => {
    if (time >= from && time < to && wants(type)) stats.push({ vehicleId, type, time, value: value() });
  };
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    const utilization = dayOf(options, vehicleId, isoDate(day * DAY_MS));
    const litresPerKm = utilization.fuelLiters / utilization.distanceKm;
    const runtimeAtDayStart = (day - Math.floor(EPOCH / DAY_MS)) * 6 * 3_600_000;
    let drivenMs = 0;
    let drivenKm = 0;
    for (const trip of tripsOfDay(options, vehicleId, day)) {
      push("engine_state", trip.startedAt, () => "on");
      for (const point of trip.points) {
        if ((point.time - trip.startedAt) % STAT_INTERVAL_MS !== 0) continue;
        const km = drivenKm + (point.odometerKm - trip.points[0]!.odometerKm);
        const used = round(km * litresPerKm, 2);
        push("odometer", point.time, () => round(point.odometerKm, 2));
        push("fuel_level", point.time, () => round(Math.max(5, 95 - (used / 400) * 100), 2));
        push("total_fuel_consumption", point.time, () => used);
        push("engine_runtime", point.time, () => runtimeAtDayStart + drivenMs + (point.time - trip.startedAt));
        push("engine_coolant_temperature", point.time, () => 85 + (hash(vehicleId, point.time) % 10));
        push("engine_rpm", point.time, () => 1200 + (hash(vehicleId, "rpm", point.time) % 600));
        push("battery_voltage", point.time, () => round(13.6 + (hash(vehicleId, "v", point.time) % 60) / 100, 2));
      }
      push("engine_state", trip.endedAt, () => "off");
      drivenMs += trip.endedAt - trip.startedAt;
      drivenKm += trip.distanceKm;
    }
  }
  return stats.sort((a, b) => a.time - b.time);
}

/** Where a vehicle is at an instant: its last breadcrumb at or before it (the yard before any). */
export function latestOf(options: FleetOptions, vehicleId: string, now: number): CanonicalLatest {
  const day = Math.floor(now / DAY_MS);
  const points = breadcrumbsBetween(options, vehicleId, (day - 1) * DAY_MS, now + 1);
  const last = points.at(-1);
  const yard = yardOf(vehicleId);
  const driverId = driverOf(options, vehicleId);
  const moving = tripsOfDay(options, vehicleId, day).some((trip) => trip.startedAt <= now && now < trip.endedAt);
  return {
    vehicleId,
    ...(driverId ? { driverId } : {}),
    time: last?.time ?? day * DAY_MS,
    latitude: last?.latitude ?? yard.latitude,
    longitude: last?.longitude ?? yard.longitude,
    heading: last?.heading ?? 0,
    speedKmh: moving ? (last?.speedKmh ?? 0) : 0,
    odometerKm: round(last?.odometerKm ?? odometerAtDayStart(options, vehicleId, day), 2),
    fuelPercent: moving ? 60 : 95,
    engineState: moving ? "on" : "off",
    engineRuntimeMs: (day - Math.floor(EPOCH / DAY_MS)) * 6 * 3_600_000,
  };
}

/** A leg's breadcrumbs every 30 s from its start to its end, at a steady speed along a straight line. */
function legPoints(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
  start: number,
  durationMs: number,
  distanceKm: number,
  heading: number,
  odometerStart: number,
): CanonicalPoint[] {
  const speedKmh = round(distanceKm / (durationMs / 3_600_000), 2);
  const points: CanonicalPoint[] = [];
  for (let elapsed = 0; elapsed <= durationMs; elapsed += BREADCRUMB_INTERVAL_MS) {
    const share = durationMs === 0 ? 1 : elapsed / durationMs;
    points.push({
      time: start + elapsed,
      latitude: round(from.latitude + (to.latitude - from.latitude) * share, 5),
      longitude: round(from.longitude + (to.longitude - from.longitude) * share, 5),
      heading,
      speedKmh: elapsed === durationMs ? 0 : speedKmh,
      odometerKm: round(odometerStart + distanceKm * share, 3),
    });
  }
  return points;
}

/** The point `km` away from `origin` along `heading` (flat-earth approximation, fine for a few hundred km). */
function offset(origin: { latitude: number; longitude: number }, heading: number, km: number) {
  const radians = (heading * Math.PI) / 180;
  const latitude = origin.latitude + (Math.cos(radians) * km) / KM_PER_DEGREE;
  const longitude =
    origin.longitude + (Math.sin(radians) * km) / (KM_PER_DEGREE * Math.cos((origin.latitude * Math.PI) / 180));
  return { latitude: round(latitude, 5), longitude: round(longitude, 5) };
}
