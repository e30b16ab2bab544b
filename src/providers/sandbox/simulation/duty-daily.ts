import { DURATION_KEY_OF, type DurationKey } from "../../../hos/duty-status";
import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { DAY_MS, dayOf, dayString } from "../time";
import { dayPlan } from "./day-plan";
import { driverOf } from "./driver";
import { dutyPeriodsOfDay, type SimDutyPeriod } from "./duty-log";
import { round } from "./geo";
import { livedTrips } from "./life";
import { kmAt } from "./motion";

/** A driver's UTC day in totals: ms in each duty status, km driven (the sandbox logs no yard moves or personal conveyance). */
export type SimDailyDuty = {
  driverId: string;
  vehicleIds: string[];
  /** YYYY-MM-DD, the UTC day. */
  date: string;
  statusDurations: Record<DurationKey, number>;
  distances: { total: number; driving: number; personalConveyance: number; yardMove: number };
};

/** How far back the period under way at a day's midnight is looked for (duty-shift.ts LOOK_DAYS, and a day). */
const LOOK_BACK_DAYS = 31;

/**
 * The vehicle's usual driver's day `day` in totals, from their duty periods (duty-log.ts)
 * clipped to the day and to `until` (a day in progress counts up to it): a complete day's
 * durations add up to 24 hours. Every day from the driver's first logged period on has one,
 * days off included; none before, nor for a day that has not begun by `until`. The driving
 * distance is that of the trips the driver started that day, the one under way at `until`
 * counted as far as it has come; no plan's day runs past 23:59, so no trip is split at midnight.
 */
export function dailyDutyOfDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  until: number,
): SimDailyDuty | undefined {
  const end = Math.min(until, fleet.vehicleUntil(vehicle));
  const from = day * DAY_MS;
  const to = Math.min(from + DAY_MS, end);
  if (from > end) return undefined;
  const periods = [...carriedInto(fleet, vehicle, day, until), ...dutyPeriodsOfDay(fleet, vehicle, day, until)];
  const driverId = periods[0]?.driverId;
  if (driverId === undefined) return undefined;
  const statusDurations: Record<DurationKey, number> = {
    onDuty: 0,
    offDuty: 0,
    driving: 0,
    waiting: 0,
    sleeperBed: 0,
    personalConveyance: 0,
    yardMove: 0,
  };
  const vehicleIds = new Set<string>();
  for (const period of periods) {
    const ms = Math.min(period.end ?? end, to) - Math.max(period.start, from);
    if (ms <= 0) continue;
    statusDurations[DURATION_KEY_OF[period.status]] += ms;
    if (period.vehicleId) vehicleIds.add(period.vehicleId);
  }
  const driving = round(drivenKm(fleet, vehicle, day, end), 3);
  return {
    driverId,
    vehicleIds: [...vehicleIds],
    date: dayString(day),
    statusDurations,
    distances: { total: driving, driving, personalConveyance: 0, yardMove: 0 },
  };
}

/** The period under way at the day's midnight, which began on an earlier day (a rest can span days off). */
function carriedInto(fleet: SandboxFleet, vehicle: VehicleProfile, day: number, until: number): SimDutyPeriod[] {
  for (let earlier = day - 1; earlier >= day - LOOK_BACK_DAYS; earlier--) {
    const last = dutyPeriodsOfDay(fleet, vehicle, earlier, until).at(-1);
    if (!last) continue;
    return last.end === null || last.end > day * DAY_MS ? [last] : [];
  }
  return [];
}

/** km of the trips the driver started on the day, by `end` (a trip under way counted as far as it has come). */
function drivenKm(fleet: SandboxFleet, vehicle: VehicleProfile, day: number, end: number): number {
  const plan = dayPlan(fleet.seed, vehicle, day);
  if (!plan) return 0;
  const driverAt = driverOf(fleet, vehicle);
  let km = 0;
  for (const trip of livedTrips(plan, vehicle, end)) {
    if (dayOf(trip.start) !== day || driverAt(trip.start) === undefined) continue;
    km += trip.end <= end ? trip.km1 - trip.km0 : kmAt(trip.motion!, (end - trip.start) / 1000);
  }
  return km;
}
