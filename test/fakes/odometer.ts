/**
 * The canonical odometer (series.ts): a base on the fleet's epoch, and every day since adds its
 * utilization distance (fleet.ts `dayOf`).
 */
import { dayOf, type FleetOptions, hash } from "./fleet.ts";

const DAY_MS = 86_400_000;
/** Odometers start here on the fleet's epoch, and every day since adds its distance. */
const EPOCH = Date.parse("2025-01-01T00:00:00Z");
const BASE_ODOMETER_KM = 40_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The odometer at the start of a day: the base plus every day's distance since the epoch, added
 * one by one in day order, as ever. The running sum is remembered day by day (a fake asks for
 * the same vehicles' days again and again), so the figure is the same to the last bit and a day
 * costs one addition the first time it is asked for.
 */
export function odometerAtDayStart(options: FleetOptions, vehicleId: string, day: number): number {
  const epochDay = Math.floor(EPOCH / DAY_MS);
  const key = `${options.seed}|${vehicleId}`;
  let sums = odometerSums.get(key);
  if (!sums) {
    sums = [BASE_ODOMETER_KM + (hash(options.seed, "odo", vehicleId) % 100_000)];
    if (odometerSums.size >= MAX_VEHICLES_REMEMBERED) odometerSums.delete(odometerSums.keys().next().value as string);
    odometerSums.set(key, sums);
  }
  // Before the epoch: the base.
  const wanted = Math.max(0, day - epochDay);
  for (let k = sums.length - 1; k < wanted; k++) {
    sums.push(sums[k]! + dayOf(options, vehicleId, isoDate((epochDay + k) * DAY_MS)).distanceKm);
  }
  return sums[wanted]!;
}
/** Per fleet seed and vehicle: the odometer at the start of each day since the epoch (index 0: the epoch). */
const odometerSums = new Map<string, number[]>();
/** A few KB a vehicle (a number a day since the epoch). */
const MAX_VEHICLES_REMEMBERED = 5_000;
