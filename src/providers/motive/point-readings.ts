import type { EngineState } from "../../model/normalized";
import { KM_PER_MILE, LITRES_PER_US_GALLON } from "../kit/units";
import type { MotiveLocationPoint } from "./series-payloads";
import { round2 } from "./values";

/**
 * What a Motive location point says, in the units of the normalized model: the readings shared
 * by the live snapshot, breadcrumbs and stat logs (providers-families.md 2.1, 2.5, 4.2).
 */

const MS_PER_HOUR = 3_600_000;

/** The odometer in km: Motive's corrected `true_odometer` when it has one (it recommends it), in the asked units. */
export function odometerKm(point: MotiveLocationPoint, metric: boolean): number | undefined {
  const value = point.true_odometer ?? point.odometer;
  return value == null ? undefined : round2(metric ? value : value * KM_PER_MILE);
}

/** The engine's total run time in ms, from decimal hours (the corrected `true_engine_hours` first). */
export function engineRuntimeMs(point: MotiveLocationPoint): number | undefined {
  const hours = point.true_engine_hours ?? point.engine_hours;
  return hours == null ? undefined : Math.round(hours * MS_PER_HOUR);
}

/** The fuel the vehicle has used (`fuel`, a running total), in litres. */
export function fuelUsedLitres(point: MotiveLocationPoint, metric: boolean): number | undefined {
  const value = point.fuel;
  return value == null ? undefined : round2(metric ? value : value * LITRES_PER_US_GALLON);
}

/** The primary tank's level, percent. */
export function fuelLevelPercent(point: MotiveLocationPoint): number | undefined {
  const value = point.fuel_primary_remaining_percentage;
  return value == null ? undefined : round2(value);
}

/** The battery's voltage, V. */
export function batteryVolts(point: MotiveLocationPoint): number | undefined {
  return point.battery_voltage == null ? undefined : round2(point.battery_voltage);
}

/** The bearing as a heading in [0, 360). */
export function headingOf(point: MotiveLocationPoint): number | undefined {
  const bearing = point.bearing;
  return bearing == null ? undefined : round2(((bearing % 360) + 360) % 360);
}

/** Speed in km/h: Motive's location pages document kph whatever the units header. */
export function speedKmh(point: MotiveLocationPoint): number | undefined {
  return point.speed == null ? undefined : round2(Math.max(0, point.speed));
}

/**
 * The engine transition a point records, from its `type`: Motive logs a point when the engine
 * starts and stops; the ignition turning off stops it too. Other types (breadcrumbs, moving,
 * stopped, ignition on) say nothing certain about the engine.
 */
export function engineTransition(point: MotiveLocationPoint): EngineState | undefined {
  switch (point.type) {
    case "engine_start":
      return "on";
    case "engine_stop":
    case "ignition_off":
      return "off";
    default:
      return undefined;
  }
}

/**
 * The engine's state at a point of the live snapshot: its transition, or running while the
 * vehicle moves (`vehicle_moving`). A stopped vehicle may be idling or off, so that says nothing.
 */
export function engineStateAt(point: MotiveLocationPoint): EngineState | undefined {
  return engineTransition(point) ?? (point.type === "vehicle_moving" ? "on" : undefined);
}
