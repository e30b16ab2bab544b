import type { EngineState, VehicleStatType } from "../../model/normalized";
import { round2 } from "../kit/units";
import type { SAMSARA_ENGINE_STATES } from "./series-payloads";

/**
 * Samsara's vehicle stat types (providers-families.md 1.5) → the stat types of
 * `GET /vehicles/{id}/stats/historical`, with the conversions to their units. Samsara has no
 * stat for engine oil level, oil temperature or coolant level (none among the `types` of its
 * stats endpoints: the SDK's enum and the reference's table), so `engine_oil_percentage`,
 * `engine_oil_temperature` and `coolant_percentage` are never read from it.
 */

/** One PSI is 6.894757293168 kPa. */
const KPA_PER_PSI = 6.894_757_293_168;

/** Samsara's numeric stat types the adapter reads (the history's keys). */
export const NUMERIC_STAT_KEYS = [
  "obdOdometerMeters",
  "gpsOdometerMeters",
  "fuelPercents",
  "fuelConsumedMilliliters",
  "obdEngineSeconds",
  "syntheticEngineSeconds",
  "engineCoolantTemperatureMilliC",
  "engineRpm",
  "batteryMilliVolts",
  "engineOilPressureKPa",
] as const;
export type SamsaraNumericStat = (typeof NUMERIC_STAT_KEYS)[number];

/** A numeric stat's type and its value in our unit, from Samsara's. */
export type NumericStat = {
  type: VehicleStatType;
  convert: (value: number) => number;
  /** Read only from a vehicle that has no reading of this other stat (a fallback of the same type). */
  unless?: SamsaraNumericStat;
};

export const metresToKm = (metres: number) => round2(metres / 1000);
export const secondsToMs = (seconds: number) => Math.round(seconds * 1000);

/** How each numeric stat becomes ours. */
export const NUMERIC_STATS: Readonly<Record<SamsaraNumericStat, NumericStat>> = {
  obdOdometerMeters: { type: "odometer", convert: metresToKm },
  // The GPS odometer needs a baseline set by hand: only for vehicles without an ECU odometer.
  gpsOdometerMeters: { type: "odometer", convert: metresToKm, unless: "obdOdometerMeters" },
  fuelPercents: { type: "fuel_level", convert: round2 },
  fuelConsumedMilliliters: { type: "total_fuel_consumption", convert: (ml) => round2(ml / 1000) },
  obdEngineSeconds: { type: "engine_runtime", convert: secondsToMs },
  // Synthetic engine seconds also need a baseline: only for vehicles without ECU engine seconds.
  syntheticEngineSeconds: { type: "engine_runtime", convert: secondsToMs, unless: "obdEngineSeconds" },
  engineCoolantTemperatureMilliC: { type: "engine_coolant_temperature", convert: (milliC) => round2(milliC / 1000) },
  engineRpm: { type: "engine_rpm", convert: round2 },
  batteryMilliVolts: { type: "battery_voltage", convert: (mV) => round2(mV / 1000) },
  engineOilPressureKPa: { type: "engine_oil_pressure", convert: (kPa) => round2(kPa / KPA_PER_PSI) },
};

export const ENGINE_STATES: Readonly<Record<(typeof SAMSARA_ENGINE_STATES)[number], EngineState>> = {
  Off: "off",
  On: "on",
  Idle: "idle",
};

/**
 * The stat types of the history, in the groups they are requested in: at most three `types` a
 * request. A stat and its fallback share a group, so that one vehicle's object says whether it
 * has the preferred one.
 */
export const STAT_TYPE_GROUPS: readonly (readonly string[])[] = [
  ["engineStates", "obdOdometerMeters", "gpsOdometerMeters"],
  ["fuelPercents", "fuelConsumedMilliliters", "engineRpm"],
  ["obdEngineSeconds", "syntheticEngineSeconds", "engineCoolantTemperatureMilliC"],
  ["batteryMilliVolts", "engineOilPressureKPa"],
];

/**
 * The snapshot's types, in two requests: the first (which pages) has the position; the second,
 * asked for the first's vehicles, the rest of the live state.
 */
export const SNAPSHOT_TYPES = ["gps", "engineStates", "obdOdometerMeters"] as const;
export const SNAPSHOT_EXTRA_TYPES = ["fuelPercents", "obdEngineSeconds", "gpsOdometerMeters"] as const;
/** The keys the second request's types answer under in the snapshot (`fuelPercents` is singular there). */
export const SNAPSHOT_EXTRA_KEYS = ["fuelPercent", "obdEngineSeconds", "gpsOdometerMeters"] as const;
