import { type EngineState, VEHICLE_STAT_TYPES, type VehicleStatType } from "../../../model/normalized";
import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { type DayPlan, dayPlan } from "./day-plan";
import type { Segment } from "./day-timeline";
import { dayValuesAt } from "./day-values";
import { engineVitals } from "./engine-vitals";
import { round } from "./geo";
import { livedSegments } from "./life";
import { kphAt } from "./motion";
import { lifetimeBefore } from "./odometer";

/** Numeric readings come every 5 minutes while the engine runs, and at each trip's start and end. */
export const STAT_INTERVAL_MS = 300_000;

/**
 * One stat reading, in the contract's units: km (odometer), litres (total fuel consumption),
 * percent (fuel or battery level, oil life, coolant level), ms (engine run time), °C, PSI, rpm,
 * volts; or the engine's state.
 */
export type StatReading = { type: VehicleStatType; t: number; value: number | EngineState };

/** A combustion vehicle reports every stat type. */
export const ENGINE_STAT_TYPES: readonly VehicleStatType[] = VEHICLE_STAT_TYPES;

/**
 * An electric vehicle reports no fuel burnt and has no oil or engine temperatures or rpm to
 * read: its `fuel_level` is the battery's charge, `engine_state` and `engine_runtime` are those
 * of its drive system, `battery_voltage` its 12 V system, `coolant_percentage` its battery loop.
 */
export const ELECTRIC_STAT_TYPES: readonly VehicleStatType[] = [
  "engine_state",
  "odometer",
  "fuel_level",
  "engine_runtime",
  "coolant_percentage",
  "battery_voltage",
];

export function statTypesOf(vehicle: VehicleProfile): readonly VehicleStatType[] {
  return vehicle.economyMpg === undefined ? ELECTRIC_STAT_TYPES : ENGINE_STAT_TYPES;
}

/**
 * A vehicle's readings of one UTC day with `from <= t < to` that exist by `until`, in time
 * order (then in the order of `types`): the engine state at each change, the numeric types
 * every 5 minutes while the engine runs and at each trip's start and end.
 */
export function statsOfDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  from: number,
  to: number,
  until: number,
  types: readonly VehicleStatType[] = statTypesOf(vehicle),
): StatReading[] {
  const plan = dayPlan(fleet.seed, vehicle, day);
  if (!plan) return [];
  const supported = new Set(statTypesOf(vehicle));
  const wanted = types.filter((type) => supported.has(type));
  const numeric = wanted.filter((type) => type !== "engine_state");
  const readings: StatReading[] = [];
  const within = (t: number) => t >= from && t < to && t <= until;
  const segments = livedSegments(plan, vehicle, until);
  const before = lifetimeBefore(fleet.seed, plan.traits);
  let engine: EngineState = "off";
  let runningSince = 0;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  for (const segment of segments) {
    const state = engineStateOf(segment);
    if (state !== "off" && engine === "off") runningSince = segment.start;
    if (state !== engine && wanted.includes("engine_state") && within(segment.start)) {
      readings.push({ type: "engine_state", t: segment.start, value: state });
    }
    engine = state;
    if (state !== "off" && numeric.length > 0) {
      for (const t of readingTimes(segment)) {
        // A trip that ends on a 5-minute mark is read once there, not again by the idling after it.
        if (!within(t) || t <= lastReadAt) continue;
        readings.push(...numericReadings(plan, before, segment, t, runningSince, numeric));
        lastReadAt = t;
      }
    }
    // The engine is switched off after the day's last segment.
    if (
      segment === plan.segments.at(-1) &&
      engine !== "off" &&
      wanted.includes("engine_state") &&
      within(segment.end)
    ) {
      readings.push({ type: "engine_state", t: segment.end, value: "off" });
    }
  }
  return readings;
}

/** A running segment's reading instants: each 5-minute mark within it, and a trip's start and end. */
function readingTimes(segment: Segment): number[] {
  const times: number[] = segment.kind === "drive" ? [segment.start] : [];
  const first = Math.ceil(segment.start / STAT_INTERVAL_MS) * STAT_INTERVAL_MS;
  for (let t = first; t < segment.end; t += STAT_INTERVAL_MS) if (t !== times[0]) times.push(t);
  if (segment.kind === "drive") times.push(segment.end);
  return times;
}

function numericReadings(
  plan: DayPlan,
  before: { km: number; consumed: number; runtimeMs: number },
  segment: Segment,
  t: number,
  runningSince: number,
  types: readonly VehicleStatType[],
): StatReading[] {
  const values = dayValuesAt(plan, t);
  const runtimeMs = before.runtimeMs + plan.lifetime.runtimeMs + values.runMs;
  const speedKph = segment.kind === "drive" ? kphAt(segment.motion!, (t - segment.start) / 1000) : 0;
  const position = plan.route.at(values.km);
  const vitals = engineVitals({
    seed: plan.seed,
    vehicle: plan.traits.vehicle,
    heavy: plan.traits.longHaul,
    t,
    runningS: (t - runningSince) / 1000,
    speedKph,
    lifeRuntimeMs: runtimeMs,
    latitude: position.lat,
  });
  const value = (type: VehicleStatType): number => {
    switch (type) {
      case "odometer":
        return before.km + plan.lifetime.km + values.km;
      case "total_fuel_consumption":
        return before.consumed + plan.lifetime.consumed + values.consumed;
      case "fuel_level":
        return plan.gauge.percent(values.consumed, values.refills);
      case "engine_runtime":
        return runtimeMs;
      case "engine_oil_percentage":
        return vitals.oilLifePercent;
      case "engine_oil_pressure":
        return vitals.oilPsi;
      case "engine_oil_temperature":
        return vitals.oilC;
      case "engine_coolant_temperature":
        return vitals.coolantC;
      case "coolant_percentage":
        return vitals.coolantLevelPercent;
      case "engine_rpm":
        return vitals.rpm;
      case "battery_voltage":
        return vitals.batteryV;
      default:
        return 0;
    }
  };
  return types.map((type) => ({
    type,
    t,
    value: type === "engine_runtime" ? Math.round(value(type)) : round(value(type), 2),
  }));
}

function engineStateOf(segment: Segment): EngineState {
  return segment.kind === "drive" ? "on" : segment.kind;
}
