/**
 * The canonical fleet's IFTA distances, which every fake provider serves in its own shape: a
 * vehicle-day's trips (series.ts) split by jurisdiction along their breadcrumbs with the API's
 * own splitter (src/jurisdictions/path-distance.ts), each trip's parts scaled so they add up to
 * its `distanceKm` (the day's total is then the utilization day's distance). Canonical unit: km.
 * Deterministic from (seed, vehicle, day), like the trips.
 */

import { distanceByJurisdiction } from "../../src/jurisdictions/path-distance.ts";
import type { FleetOptions } from "./fleet.ts";
import { tripsOfDay } from "./series.ts";

const DAY_MS = 86_400_000;

type Point = { latitude: number; longitude: number };

/**
 * km by jurisdiction code (null: none, e.g. at sea) of a vehicle's trips of a UTC day (days since
 * the epoch). Remembered: fakes answer the same vehicle-days again and again (pages, months, retries).
 */
export function iftaOfVehicleDay(options: FleetOptions, vehicleId: string, day: number): Map<string | null, number> {
  const key = `${options.seed}|${options.vehicles}|${options.revision}|${vehicleId}|${day}`;
  let totals = dayMemo.get(key);
  if (!totals) {
    totals = computeIftaOfVehicleDay(options, vehicleId, day);
    if (dayMemo.size >= MAX_DAYS_REMEMBERED) dayMemo.delete(dayMemo.keys().next().value as string);
    dayMemo.set(key, totals);
  }
  return new Map(totals);
}
const dayMemo = new Map<string, Map<string | null, number>>();
/** A handful of numbers a vehicle-day: a 1,000-vehicle fleet's two months, for the fakes' month reports. */
const MAX_DAYS_REMEMBERED = 60_000;

function computeIftaOfVehicleDay(options: FleetOptions, vehicleId: string, day: number): Map<string | null, number> {
  const totals = new Map<string | null, number>();
  // The return trip retraces the outbound one (series.ts): the same straight segment, the other
  // way, so its breadcrumbs split alike. Splitting it once halves the fakes' work on big fleets.
  const shares = new Map<string, Map<string | null, number>>();
  for (const trip of tripsOfDay(options, vehicleId, day)) {
    const ends = [trip.start, trip.end].map((end) => `${end.latitude},${end.longitude}`).sort();
    const segment = `${ends.join("|")}|${trip.endedAt - trip.startedAt}`;
    let share = shares.get(segment);
    if (!share) {
      share = shareByJurisdiction(trip.points);
      shares.set(segment, share);
    }
    for (const [code, fraction] of share) totals.set(code, (totals.get(code) ?? 0) + fraction * trip.distanceKm);
  }
  return totals;
}

/** The fraction of a path's length in each jurisdiction. */
function shareByJurisdiction(points: readonly Point[]): Map<string | null, number> {
  const parts = distanceByJurisdiction(points);
  const pathKm = [...parts.values()].reduce((sum, km) => sum + km, 0);
  return new Map([...parts].map(([code, km]) => [code, pathKm > 0 ? km / pathKm : 0]));
}

/**
 * km by jurisdiction of a vehicle's month (YYYY-MM, UTC), from its days that are over by `now`
 * (a day still under way, or to come, adds nothing).
 */
export function iftaOfVehicleMonth(
  options: FleetOptions,
  vehicleId: string,
  month: string,
  now: number,
): Map<string | null, number> {
  const totals = new Map<string | null, number>();
  const start = Date.parse(`${month}-01T00:00:00Z`);
  const end = nextMonthStart(start);
  for (let day = start / DAY_MS; (day + 1) * DAY_MS <= Math.min(end, now); day++) {
    for (const [code, km] of iftaOfVehicleDay(options, vehicleId, day)) totals.set(code, (totals.get(code) ?? 0) + km);
  }
  return totals;
}

/** The start (ms) of the UTC month after the one starting at `monthStart`. */
function nextMonthStart(monthStart: number): number {
  const date = new Date(monthStart);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
