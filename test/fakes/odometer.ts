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

/** The odometer at the start of a day: the base plus every day's distance since the epoch. */
export function odometerAtDayStart(options: FleetOptions, vehicleId: string, day: number): number {
  const epochDay = Math.floor(EPOCH / DAY_MS);
  const key = `${options.seed}|${vehicleId}`;
  let sums = odometerCheckpoints.get(key);
  if (!sums) {
    sums = [BASE_ODOMETER_KM + (hash(options.seed, "odo", vehicleId) % 100_000)];
    if (odometerCheckpoints.size > 20_000) odometerCheckpoints.clear();
    odometerCheckpoints.set(key, sums);
  }
  // The days are added one by one from the epoch, as ever: a checkpoint only remembers where the
  // sum stood every CHECKPOINT_DAYS days, so the figure is the same to the last bit.
  const addDays = (km: number, from: number, to: number) => {
    let total = km;
    for (let d = from; d < to; d++) total += dayOf(options, vehicleId, isoDate(d * DAY_MS)).distanceKm;
    return total;
  };
  const wanted = Math.max(0, Math.floor((day - epochDay) / CHECKPOINT_DAYS));
  while (sums.length <= wanted) {
    const k = sums.length - 1;
    sums.push(addDays(sums[k]!, epochDay + k * CHECKPOINT_DAYS, epochDay + (k + 1) * CHECKPOINT_DAYS));
  }
  return addDays(sums[wanted]!, epochDay + wanted * CHECKPOINT_DAYS, day);
}
/** Per fleet seed and vehicle: the odometer at the epoch and every CHECKPOINT_DAYS days after it. */
const odometerCheckpoints = new Map<string, number[]>();
const CHECKPOINT_DAYS = 32;
