/**
 * The canonical time series (../series.ts: km, km/h, litres, ms, °C) in MyGeotab's shapes and
 * units: Trips (distance km, TimeSpan durations, only the end point as `stopPoint {x, y}`,
 * odometer meters), LogRecords (km/h, whole: the speeds of the reference's captures; no
 * heading), StatusData of stock Diagnostics in their SI units (meters, seconds, litres, %, °C,
 * rpm, V; ignition 1 or 0) and DeviceStatusInfo (whole-degree `bearing`, km/h). Trips keep the
 * canonical ids; log records and readings get ids from their device and instant.
 */
import { type CanonicalVehicle, dayOf, type FleetOptions } from "../fleet.ts";
import {
  type CanonicalPoint,
  type CanonicalStatType,
  type CanonicalTrip,
  latestOf,
  statsBetween,
  tripsOfDay,
} from "../series.ts";
import { type Json, timeSpan, versionToken } from "./render.ts";

const DAY_MS = 86_400_000;
const EPOCH_DAY = Date.parse("2025-01-01T00:00:00Z") / DAY_MS;
const CONTROLLER = "ControllerNoneId";
const UNKNOWN_DRIVER = "UnknownDriverId";

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (day: number) => iso(day * DAY_MS).slice(0, 10);
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Canonical stat types → the stock Diagnostics Geotab logs them as, and a value in the Diagnostic's unit. */
export const DIAGNOSTIC_OF: Record<CanonicalStatType, { id: string; data: (value: number | "on" | "off") => number }> =
  {
    engine_state: { id: "DiagnosticIgnitionId", data: (state) => (state === "on" ? 1 : 0) },
    odometer: { id: "DiagnosticOdometerId", data: (km) => Math.round(Number(km) * 1000) },
    fuel_level: { id: "DiagnosticFuelLevelId", data: Number },
    total_fuel_consumption: { id: "DiagnosticDeviceTotalFuelId", data: Number },
    engine_runtime: { id: "DiagnosticEngineHoursId", data: (ms) => Number(ms) / 1000 },
    engine_coolant_temperature: { id: "DiagnosticEngineCoolantTemperatureId", data: Number },
    engine_rpm: { id: "DiagnosticEngineSpeedId", data: Number },
    battery_voltage: { id: "DiagnosticGoDeviceVoltageId", data: Number },
  };
export const TOTAL_FUEL = DIAGNOSTIC_OF.total_fuel_consumption.id;

/** A canonical trip as Geotab records it: when it stops, when the next one starts, what it idles. */
export type DayTrip = {
  trip: CanonicalTrip;
  stop: number;
  nextStart: number;
  idlingMs: number;
  /** Litres the day's trips used by the trip's stop. */
  fuelUsed: number;
  /** The engine's run time at the trip's stop, seconds. */
  engineHours: number;
};

/**
 * A vehicle-day's canonical trips as Geotab records them. Geotab's utilization is the sum of its
 * Trips, which must add up to the canonical day (fleet.ts `dayOf`) exactly; the canonical legs
 * are whole 30-second spans, up to a minute short of the day's driving time, so the day's last
 * Trip stops when the day ends (`dayOf` endAt), up to a minute after its last breadcrumb. The
 * stop between the two legs is the day's idling.
 */
export function dayTrips(fleet: FleetOptions, vehicleId: string, day: number): DayTrip[] {
  const trips = tripsOfDay(fleet, vehicleId, day);
  const utilization = dayOf(fleet, vehicleId, isoDate(day));
  const nextDayStart = Date.parse(dayOf(fleet, vehicleId, isoDate(day + 1)).startAt);
  const litresPerKm = utilization.fuelLiters / utilization.distanceKm;
  const runtimeAtDayStartMs = (day - EPOCH_DAY) * 6 * 3_600_000;
  let drivenKm = 0;
  let drivenMs = 0;
  return trips.map((trip, index) => {
    const last = index === trips.length - 1;
    const stop = last ? Math.max(trip.endedAt, Date.parse(utilization.endAt)) : trip.endedAt;
    const nextStart = last ? nextDayStart : trips[index + 1]!.startedAt;
    drivenKm += trip.distanceKm;
    const engineHours = (runtimeAtDayStartMs + drivenMs + (stop - trip.startedAt)) / 1000;
    drivenMs += trip.endedAt - trip.startedAt;
    return {
      trip,
      stop,
      nextStart,
      idlingMs: last ? 0 : nextStart - stop,
      // The day's last stop reads the day's fuel exactly: the counter's rise is what utilization reports.
      fuelUsed: last ? utilization.fuelLiters : round2(drivenKm * litresPerKm),
      engineHours,
    };
  });
}

/** A Trip: `driver` the bare system id when the canonical trip has none, as Geotab writes it. */
export function renderTrip({ trip, stop, nextStart, idlingMs, engineHours }: DayTrip): Json {
  const drivingMs = stop - trip.startedAt;
  return {
    id: trip.id,
    device: { id: trip.vehicleId },
    driver: trip.driverId ? { id: trip.driverId } : UNKNOWN_DRIVER,
    start: iso(trip.startedAt),
    stop: iso(stop),
    nextTripStart: iso(nextStart),
    distance: trip.distanceKm,
    drivingDuration: timeSpan(drivingMs),
    idlingDuration: timeSpan(idlingMs),
    stopDuration: timeSpan(nextStart - stop),
    averageSpeed: round2(trip.distanceKm / (drivingMs / 3_600_000)),
    // A canonical leg runs at one steady speed (series.ts), so its top speed needs none of its breadcrumbs.
    maximumSpeed: Math.round(trip.distanceKm / ((trip.endedAt - trip.startedAt) / 3_600_000)),
    stopPoint: { x: trip.end.longitude, y: trip.end.latitude },
    workDistance: trip.distanceKm,
    workDrivingDuration: timeSpan(drivingMs),
    workStopDuration: timeSpan(nextStart - stop),
    afterHoursDistance: 0,
    afterHoursDrivingDuration: "00:00:00",
    afterHoursStopDuration: "00:00:00",
    afterHoursStart: false,
    afterHoursEnd: false,
    isSeatBeltOff: false,
    speedRange1: 0,
    speedRange1Duration: "00:00:00",
    engineHours,
    odometer: Math.round(trip.points.at(-1)!.odometerKm * 1000),
    version: versionToken(Math.floor(stop / 1000)),
  };
}

/** A vehicle's Trips of the days overlapping [from, to], in start order. */
export function tripsAround(fleet: FleetOptions, vehicleId: string, from: number, to: number): DayTrip[] {
  const trips: DayTrip[] = [];
  for (let day = Math.floor(from / DAY_MS); day <= Math.floor(to / DAY_MS); day++) {
    trips.push(...dayTrips(fleet, vehicleId, day));
  }
  return trips;
}

/** A canonical breadcrumb as a LogRecord; `isLastActive` marks the last record of a drive. */
export function renderLogRecord(vehicleId: string, point: CanonicalPoint, lastOfTrip: boolean): Json {
  return {
    id: `lr-${vehicleId}-${point.time}`,
    dateTime: iso(point.time),
    device: { id: vehicleId },
    latitude: point.latitude,
    longitude: point.longitude,
    speed: Math.round(point.speedKmh),
    isLastActive: lastOfTrip,
  };
}

/** A vehicle's LogRecords of [from, to] (both inclusive, as Geotab's search), in time order. */
export function logRecordsBetween(fleet: FleetOptions, vehicleId: string, from: number, to: number): Json[] {
  const records: Json[] = [];
  for (const { trip } of tripsAround(fleet, vehicleId, from, to)) {
    for (const point of trip.points) {
      if (point.time >= from && point.time <= to) {
        records.push(renderLogRecord(vehicleId, point, point.time === trip.endedAt));
      }
    }
  }
  return records;
}

/** One StatusData reading; a row Geotab makes up (`stored` false: interpolated) has no id and no version. */
export function renderReading(vehicleId: string, diagnostic: string, time: number, data: number, stored = true): Json {
  return {
    ...(stored ? { id: `sd-${vehicleId}-${diagnostic.slice("Diagnostic".length, -"Id".length)}-${time}` } : {}),
    dateTime: iso(time),
    device: { id: vehicleId },
    diagnostic: { id: diagnostic },
    controller: CONTROLLER,
    data,
    ...(stored ? { version: versionToken(Math.floor(time / 1000)) } : {}),
  };
}

/**
 * A vehicle's StatusData of [from, to] (both inclusive), in time order: the canonical readings,
 * and the total-fuel counter the GO device writes at ignition off (each Geotab trip's stop),
 * whose last of the day is the day's fuel, as utilization reads it.
 */
export function statusDataBetween(
  fleet: FleetOptions,
  vehicleId: string,
  from: number,
  to: number,
  /** Only these Diagnostic ids (all when absent). */
  diagnostics?: readonly string[],
): Json[] {
  const types = diagnostics
    ? new Set(
        (Object.keys(DIAGNOSTIC_OF) as CanonicalStatType[]).filter((type) =>
          diagnostics.includes(DIAGNOSTIC_OF[type].id),
        ),
      )
    : undefined;
  const readings = statsBetween(fleet, vehicleId, from, to + 1, types).map((stat) => {
    const diagnostic = DIAGNOSTIC_OF[stat.type];
    return { time: stat.time, json: renderReading(vehicleId, diagnostic.id, stat.time, diagnostic.data(stat.value)) };
  });
  if (diagnostics && !diagnostics.includes(TOTAL_FUEL)) return readings.map(({ json }) => json);
  // The counter the device writes at a stop is the reading of that instant (a canonical reading at
  // the same instant, rounded from the distance so far, would take the day's exact fuel away).
  const stops = new Map<number, number>();
  for (const { stop, fuelUsed } of tripsAround(fleet, vehicleId, from, to)) {
    if (stop >= from && stop <= to) stops.set(stop, fuelUsed);
  }
  const kept = readings.filter(({ time, json }) => !(stops.has(time) && (json.diagnostic as Json).id === TOTAL_FUEL));
  for (const [stop, fuelUsed] of stops) {
    kept.push({ time: stop, json: renderReading(vehicleId, TOTAL_FUEL, stop, fuelUsed) });
  }
  return kept.sort((a, b) => a.time - b.time).map(({ json }) => json);
}

/**
 * The live snapshot's value of a diagnostic at an instant, as the StatusData Geotab answers for
 * that instant (no id): odometer, fuel level, ignition and engine hours of series.ts `latestOf`.
 * Undefined for a diagnostic the snapshot does not hold.
 */
export function snapshotReading(
  fleet: FleetOptions,
  vehicleId: string,
  diagnostic: string,
  at: number,
): Json | undefined {
  const latest = latestOf(fleet, vehicleId, at);
  const data: Record<string, number> = {
    [DIAGNOSTIC_OF.odometer.id]: DIAGNOSTIC_OF.odometer.data(latest.odometerKm),
    [DIAGNOSTIC_OF.fuel_level.id]: latest.fuelPercent,
    [DIAGNOSTIC_OF.engine_state.id]: DIAGNOSTIC_OF.engine_state.data(latest.engineState),
    [DIAGNOSTIC_OF.engine_runtime.id]: DIAGNOSTIC_OF.engine_runtime.data(latest.engineRuntimeMs),
  };
  const value = data[diagnostic];
  return value === undefined ? undefined : renderReading(vehicleId, diagnostic, at, value, false);
}

/**
 * A vehicle's DeviceStatusInfo at `now` (series.ts `latestOf`): `currentStateDuration` runs from
 * the last trip start or stop; the driver is a reference, or the bare system id when unknown.
 */
export function renderDeviceStatusInfo(fleet: FleetOptions, vehicle: CanonicalVehicle, now: number): Json {
  const latest = latestOf(fleet, vehicle.id, now);
  const changes = tripsAround(fleet, vehicle.id, now - DAY_MS, now).flatMap(({ trip, stop }) => [trip.startedAt, stop]);
  const changedAt = Math.max(
    Math.floor(now / DAY_MS) * DAY_MS - DAY_MS,
    ...changes.filter((time) => time <= latest.time),
  );
  return {
    device: { id: vehicle.id },
    driver: latest.driverId ? { id: latest.driverId } : UNKNOWN_DRIVER,
    dateTime: iso(latest.time),
    latitude: latest.latitude,
    longitude: latest.longitude,
    speed: Math.round(latest.speedKmh),
    bearing: latest.heading,
    isDriving: latest.engineState === "on",
    isDeviceCommunicating: true,
    isHistoricLastDriver: false,
    currentStateDuration: timeSpan(Math.max(0, latest.time - changedAt)),
    exceptionEvents: [],
    groups: vehicle.groupIds.map((id) => ({ id })),
    version: versionToken(Math.floor(latest.time / 1000)),
  };
}
