/**
 * The canonical fleet's hours of service, which every fake provider serves in its own shape: a
 * driver drives the vehicle of the same index (series.ts), and logs each vehicle-day as a 15-minute
 * pre-trip inspection on duty, the outbound trip driving, the stop on duty, the return trip
 * driving, a 15-minute post-trip on duty, then off duty until the next day's pre-trip. Canonical
 * units: ms, km. Deterministic from (seed, driver, day), like the trips the logs are made of.
 */

import type { DutyStatus } from "../../src/hos/duty-status.ts";
import { type AvailableTime, availableTime } from "../../src/hos/rules.ts";
import { driversAt, type FleetOptions, vehiclesAt } from "./fleet.ts";
import { tripsOfDay } from "./series.ts";

const DAY_MS = 86_400_000;
export const INSPECTION_MS = 15 * 60_000;
/** The clocks are computed over this much of a driver's logs: the 70-hour cycle's 8 days and the rest before. */
const CLOCK_LOOKBACK_MS = 10 * DAY_MS;

export type CanonicalDutyPeriod = {
  id: string;
  driverId: string;
  vehicleId: string;
  status: DutyStatus;
  startedAt: number;
  /** Absent while the status lasts (at the instant the fake answers). */
  endedAt?: number;
  location: { latitude: number; longitude: number };
  remark?: string;
};

export type CanonicalDailyLog = {
  driverId: string;
  date: string;
  /** ms in each status over the UTC day, 24 hours in all for a day that is over. */
  durations: Record<DutyStatus, number>;
  /** km driven: the day's two trips. */
  drivingKm: number;
};

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const indexOf = (id: string) => Number(id.slice(4));

/** The driver's vehicle: the one of the same index. */
export function vehicleOfDriver(driverId: string): string {
  return `veh-${indexOf(driverId)}`;
}

/**
 * The periods a driver's day starts, before `now`: the pre-trip, the two trips, the stop between
 * them, the post-trip, and the rest until the next day's pre-trip (ended only once that began).
 */
export function dutyPeriodsOfDay(
  options: FleetOptions,
  driverId: string,
  day: number,
  now: number,
): CanonicalDutyPeriod[] {
  const vehicleId = vehicleOfDriver(driverId);
  const [out, back] = tripsOfDay(options, vehicleId, day);
  if (!out || !back) return [];
  const nextPreTrip = tripsOfDay(options, vehicleId, day + 1)[0]!.startedAt - INSPECTION_MS;
  const date = isoDate(day * DAY_MS);
  const pieces: Omit<CanonicalDutyPeriod, "id" | "driverId" | "vehicleId">[] = [
    {
      status: "on_duty",
      startedAt: out.startedAt - INSPECTION_MS,
      endedAt: out.startedAt,
      location: out.start,
      remark: "Pre-trip inspection",
    },
    { status: "driving", startedAt: out.startedAt, endedAt: out.endedAt, location: out.start },
    { status: "on_duty", startedAt: out.endedAt, endedAt: back.startedAt, location: out.end, remark: "Delivery" },
    { status: "driving", startedAt: back.startedAt, endedAt: back.endedAt, location: back.start },
    {
      status: "on_duty",
      startedAt: back.endedAt,
      endedAt: back.endedAt + INSPECTION_MS,
      location: back.end,
      remark: "Post-trip inspection",
    },
    { status: "off_duty", startedAt: back.endedAt + INSPECTION_MS, endedAt: nextPreTrip, location: back.end },
  ];
  return pieces
    .filter((piece) => piece.startedAt < now)
    .map((piece, k) => {
      const { endedAt, ...rest } = piece;
      return {
        id: `hos-${driverId}-${date}-${k}`,
        driverId,
        vehicleId,
        ...rest,
        ...(endedAt !== undefined && endedAt <= now ? { endedAt } : {}),
      };
    });
}

/** The drivers of the fleet at its revision who log hours: those whose vehicle (same index) is in it too. */
export function loggingDriverIds(options: FleetOptions): string[] {
  const vehicles = new Set(vehiclesAt(options).map((vehicle) => vehicle.id));
  return driversAt(options)
    .map((driver) => driver.id)
    .filter((id) => vehicles.has(vehicleOfDriver(id)));
}

/** A driver's periods that overlap [from, to), in time order, as they stand at `now`. */
export function dutyPeriodsBetween(
  options: FleetOptions,
  driverId: string,
  from: number,
  to: number,
  now: number,
): CanonicalDutyPeriod[] {
  const periods: CanonicalDutyPeriod[] = [];
  // The rest under way at `from` began the day before.
  for (let day = Math.floor(from / DAY_MS) - 1; day * DAY_MS < to; day++) {
    for (const period of dutyPeriodsOfDay(options, driverId, day, now)) {
      if (period.startedAt < to && (period.endedAt ?? now) > from) periods.push(period);
    }
  }
  return periods;
}

/** A driver's UTC day in totals (up to `now` for today), or none for a day that has not begun. */
export function dailyLogOf(
  options: FleetOptions,
  driverId: string,
  day: number,
  now: number,
): CanonicalDailyLog | undefined {
  const start = day * DAY_MS;
  const end = Math.min(start + DAY_MS, now);
  if (end <= start) return undefined;
  const durations: Record<DutyStatus, number> = {
    off_duty: 0,
    sleeper_bed: 0,
    driving: 0,
    on_duty: 0,
    yard_move: 0,
    personal_conveyance: 0,
    waiting_time: 0,
  };
  for (const period of dutyPeriodsBetween(options, driverId, start, end, now)) {
    durations[period.status] += Math.min(period.endedAt ?? now, end) - Math.max(period.startedAt, start);
  }
  const drivingKm = tripsOfDay(options, vehicleOfDriver(driverId), day)
    .filter((trip) => trip.endedAt <= now)
    .reduce((sum, trip) => sum + trip.distanceKm, 0);
  return { driverId, date: isoDate(start), durations, drivingKm };
}

/** A driver's clocks at `now` under the US property-carrying rules (src/hos), the 70-hour cycle. */
export function clocksOf(options: FleetOptions, driverId: string, now: number): AvailableTime {
  const periods = dutyPeriodsBetween(options, driverId, now - CLOCK_LOOKBACK_MS, now, now).map((period) => ({
    status: period.status,
    startedAt: period.startedAt,
    ...(period.endedAt === undefined ? {} : { endedAt: period.endedAt }),
  }));
  return availableTime(periods, now, { cycle: "70_8" });
}
