import type { NormalizedStatBatch, NormalizedStatPoint } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { type HistoryItem, readLocationHistory } from "../location-history";
import {
  batteryVolts,
  engineRuntimeMs,
  engineTransition,
  fuelLevelPercent,
  fuelUsedLitres,
  odometerKm,
} from "../point-readings";
import { motiveVehicleLocation } from "../series-payloads";
import { iso } from "../values";

/**
 * Stat logs. Motive has no stats history API (providers-families.md 2.5, 4.1: "location points
 * only"): what a vehicle's location points carry is its history, read as breadcrumbs are
 * (location-history.ts) and at the same pace. Each reading keeps the time of its point:
 * - `engine_state`: the point's type when the engine starts (`engine_start` → on) or stops
 *   (`engine_stop`, `ignition_off` → off);
 * - `odometer` (km), from `true_odometer` (Motive's recommended, corrected value) or `odometer`;
 * - `engine_runtime` (ms), from `true_engine_hours` or `engine_hours`, decimal hours (the unit is
 *   inferred from Motive's samples; no other reading fits their values);
 * - `total_fuel_consumption` (litres), from `fuel`: a running total of fuel used, as integrators
 *   model it and as its values grow (not a tank level, which is the percentage below);
 * - `fuel_level` (%), from `fuel_primary_remaining_percentage`;
 * - `battery_voltage` (V), from `battery_voltage`.
 * Motive serves no engine rpm, temperatures, oil or coolant readings, so those types are never
 * read here (not found in the public API, providers-families.md 2.5).
 */
export const motiveVehicleStatLogs: ProviderModel<"vehicleStatLogs"> = {
  pace: "api",
  read: readLocationHistory("vehicleStatLogs", hasReadings),
  normalize: mapVehicleStats,
};

/** One point → its readings (none for a plain breadcrumb), each with the point as raw. */
export function mapVehicleStats(payload: unknown): NormalizedStatBatch {
  const {
    vehicle_id: vehicleId,
    metric_units: metric,
    vehicle_location: point,
  } = parsePayload(PROVIDER, motiveVehicleLocation, payload, "vehicle location");
  const timestamp = iso(point.located_at);
  const raw = (payload as { vehicle_location: unknown }).vehicle_location;
  const readings: [NormalizedStatPoint["type"], NormalizedStatPoint["value"] | undefined][] = [
    ["engine_state", engineTransition(point)],
    ["odometer", odometerKm(point, metric)],
    ["engine_runtime", engineRuntimeMs(point)],
    ["total_fuel_consumption", fuelUsedLitres(point, metric)],
    ["fuel_level", fuelLevelPercent(point)],
    ["battery_voltage", batteryVolts(point)],
  ];
  return {
    vehicleSourceId: String(vehicleId),
    points: readings.flatMap(([type, value]) => (value === undefined ? [] : [{ type, timestamp, value, raw }])),
  };
}

/** Whether a point carries any reading; one that does not validate is kept, for normalize to report. */
function hasReadings(item: HistoryItem): boolean {
  try {
    return mapVehicleStats(item).points.length > 0;
  } catch (error) {
    if (error instanceof ProviderError) return true;
    throw error;
  }
}
