import type { VehicleStatType } from "../../model/normalized";
import { KM_PER_MILE, round2 } from "../kit/units";
import { LITRES_PER_GALLON } from "./units";

/**
 * How each stat type travels in the sandbox's API (series-payloads.ts) and back: the simulation
 * is metric, the sandbox speaks miles, gallons, seconds and °F.
 */
type Conversion = { toSandbox: (metric: number) => number; toMetric: (sandbox: number) => number };

const same: Conversion = { toSandbox: (value) => value, toMetric: (value) => value };
const miles: Conversion = { toSandbox: (km) => km / KM_PER_MILE, toMetric: (mi) => mi * KM_PER_MILE };
const gallons: Conversion = { toSandbox: (l) => l / LITRES_PER_GALLON, toMetric: (gal) => gal * LITRES_PER_GALLON };
const seconds: Conversion = { toSandbox: (ms) => ms / 1000, toMetric: (s) => s * 1000 };
const fahrenheit: Conversion = { toSandbox: (c) => (c * 9) / 5 + 32, toMetric: (f) => ((f - 32) * 5) / 9 };

export const STAT_UNITS: Readonly<Record<Exclude<VehicleStatType, "engine_state">, Conversion>> = {
  odometer: miles,
  total_fuel_consumption: gallons,
  fuel_level: same,
  engine_runtime: seconds,
  engine_oil_percentage: same,
  engine_oil_pressure: same,
  engine_oil_temperature: fahrenheit,
  engine_coolant_temperature: fahrenheit,
  coolant_percentage: same,
  engine_rpm: same,
  battery_voltage: same,
};

/** A metric value as the sandbox sends it: its unit, 3 decimals (a little more than the API's 2, as providers do). */
export const toSandboxUnits = (type: Exclude<VehicleStatType, "engine_state">, metric: number) =>
  Math.round(STAT_UNITS[type].toSandbox(metric) * 1000) / 1000;

export const toMetricUnits = (type: Exclude<VehicleStatType, "engine_state">, value: number) =>
  round2(STAT_UNITS[type].toMetric(value));

export const MPH_PER_KPH = 1 / KM_PER_MILE;
