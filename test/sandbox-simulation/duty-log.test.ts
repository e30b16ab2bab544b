/**
 * The sandbox drivers' hours-of-service logs, read from the same day plans as the trips: the
 * periods tile time, the driving periods are the trips, the daily totals add up, and the logs
 * keep every rule of src/hos, but those of the few drivers who log illegally on purpose.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DUTY_STATUSES, type DutyStatus } from "../../src/hos/duty-status";
import { LIMITS } from "../../src/hos/limits";
import { type DutyPeriod, violations } from "../../src/hos/rules";
import type { SandboxFleet } from "../../src/providers/sandbox/fleet";
import type { VehicleProfile } from "../../src/providers/sandbox/fleet-vehicles";
import { dayPlan } from "../../src/providers/sandbox/simulation/day-plan";
import { driverOf } from "../../src/providers/sandbox/simulation/driver";
import { dailyDutyOfDay } from "../../src/providers/sandbox/simulation/duty-daily";
import {
  dutyPeriodsOfDay,
  isDeliberatelyIllegal,
  type SimDutyPeriod,
} from "../../src/providers/sandbox/simulation/duty-log";
import { tripsOfDay } from "../../src/providers/sandbox/simulation/trips";
import { DAY_MS, dayOf, dayString } from "../../src/providers/sandbox/time";
import { CREATED_AT, FLEET_SIZE, fleetOf, PROPERTY_SEED, vehicleDays, workingDays } from "./vehicle-days";

const runs = (numRuns: number) => ({ seed: PROPERTY_SEED, numRuns });
const TODAY = dayOf(CREATED_AT.getTime());
/** The periods read before a checked range, so the clocks start from the right state (the cycle's 8 days and more). */
const LEAD_DAYS = 9;
const RANGE_DAYS = 30;

/** The periods that start on days [from, to), day by day as a sync reads them. */
function periodsOf(fleet: SandboxFleet, vehicle: VehicleProfile, from: number, to: number): SimDutyPeriod[] {
  const periods: SimDutyPeriod[] = [];
  for (let day = from; day < to; day++) periods.push(...dutyPeriodsOfDay(fleet, vehicle, day, fleet.asOf));
  return periods;
}

function asRulePeriods(periods: readonly SimDutyPeriod[]): DutyPeriod[] {
  return periods.map((p) => ({ status: p.status, startedAt: p.start, ...(p.end === null ? {} : { endedAt: p.end }) }));
}

/** The rules broken within days [from, from + RANGE_DAYS), the clocks fed from LEAD_DAYS before. */
function violationsInRange(fleet: SandboxFleet, vehicle: VehicleProfile, from: number) {
  const to = from + RANGE_DAYS;
  const periods = periodsOf(fleet, vehicle, from - LEAD_DAYS, to);
  return violations(asRulePeriods(periods), to * DAY_MS, { cycle: "70_8" }).filter((v) => v.at >= from * DAY_MS);
}

/** A 30-day range, complete by the fleet's clock, of a random vehicle of a random fleet. */
const ranges = fc
  .record({
    seed: fc.integer({ min: 0, max: 999 }),
    index: fc.integer({ min: 0, max: FLEET_SIZE - 1 }),
    back: fc.integer({ min: 0, max: 40 }),
  })
  .map(({ seed, index, back }) => {
    const fleet = fleetOf(seed);
    return { fleet, vehicle: fleet.vehicleByIndex(index)!, from: TODAY - RANGE_DAYS - back };
  });

/** The same, of a deliberately illegal driver's vehicle (one in about 20: a fleet of 40 seldom has none). */
const illegalRanges = fc
  .record({ seed: fc.integer({ min: 0, max: 999 }), pick: fc.nat(), back: fc.integer({ min: 0, max: 40 }) })
  .map(({ seed, pick, back }) => {
    const fleet = fleetOf(seed);
    const illegal = Array.from({ length: FLEET_SIZE }, (_, index) => fleet.vehicleByIndex(index)!).filter((vehicle) =>
      isDeliberatelyIllegal(fleet, vehicle),
    );
    return { fleet, vehicle: illegal[pick % Math.max(1, illegal.length)], from: TODAY - RANGE_DAYS - back };
  })
  .filter((range): range is { fleet: SandboxFleet; vehicle: VehicleProfile; from: number } => !!range.vehicle);

describe("a driver's duty periods", () => {
  it("follow one another without gap or overlap, in whole seconds, each on the day it starts", () => {
    fc.assert(
      fc.property(vehicleDays, ({ fleet, vehicle, day }) => {
        const driverAt = driverOf(fleet, vehicle);
        if (driverAt(day * DAY_MS) === undefined) {
          expect(dutyPeriodsOfDay(fleet, vehicle, day, fleet.asOf)).toEqual([]);
          return;
        }
        const to = Math.min(day + 4, TODAY + 1);
        const periods: SimDutyPeriod[] = [];
        for (let d = day - 3; d < to; d++) {
          const own = dutyPeriodsOfDay(fleet, vehicle, d, fleet.asOf);
          for (const period of own) expect(dayOf(period.start)).toBe(d);
          periods.push(...own);
        }
        expect(periods.length).toBeGreaterThan(0);
        for (const [k, period] of periods.entries()) {
          expect(DUTY_STATUSES).toContain(period.status);
          expect(period.start % 1000).toBe(0);
          expect(period.start).toBeLessThanOrEqual(fleet.asOf);
          expect(period.driverId).toBe(driverAt(period.start));
          if (period.vehicleId !== undefined) expect(period.vehicleId).toBe(vehicle.id);
          expect(Math.abs(period.location.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(period.location.lng)).toBeLessThanOrEqual(180);
          const next = periods[k + 1];
          if (next) {
            expect(period.end).toBe(next.start);
          } else if (period.end !== null) {
            // The last period read ended: the range stopped before the fleet's clock.
            expect(period.end % 1000).toBe(0);
            expect(period.end).toBeGreaterThan(period.start);
          }
          if (period.end !== null) expect(period.end).toBeGreaterThan(period.start);
        }
      }),
      runs(40),
    );
  });

  it("log each trip as driving, and nothing else as driving", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const trips = tripsOfDay(fleet, vehicle, day, until).filter((trip) => trip.driverId !== undefined);
        const driving = dutyPeriodsOfDay(fleet, vehicle, day, until).filter((p) => p.status === "driving");
        for (const trip of trips) {
          const within = driving.find((p) => p.start <= trip.startedAt && trip.endedAt <= p.end!);
          expect(within, `trip ${trip.id}`).toBeDefined();
        }
        const tripMs = trips.reduce((sum, trip) => sum + trip.endedAt - trip.startedAt, 0);
        const drivingMs = driving.reduce((sum, p) => sum + p.end! - p.start, 0);
        expect(drivingMs).toBe(tripMs);
      }),
      runs(50),
    );
  });

  it("are the same for the same inputs, however the days are asked for", () => {
    fc.assert(
      fc.property(vehicleDays, ({ fleet, vehicle, day, until }) => {
        const first = dutyPeriodsOfDay(fleet, vehicle, day, until);
        // The days around it, asked in another order, fill the memos differently.
        for (const other of [day + 2, day - 3, day + 1]) dutyPeriodsOfDay(fleet, vehicle, other, until);
        expect(dutyPeriodsOfDay(fleet, vehicle, day, until)).toEqual(first);
        expect(JSON.parse(JSON.stringify(first))).toEqual(first);
      }),
      runs(30),
    );
  });
});

describe("a driver's daily totals", () => {
  it("add up to 24 hours, are the periods clipped to the day, and drive the day's trips' distance", () => {
    fc.assert(
      fc.property(vehicleDays, ({ fleet, vehicle, day, dayStart, until }) => {
        const daily = dailyDutyOfDay(fleet, vehicle, day, until);
        if (driverOf(fleet, vehicle)(dayStart) === undefined) {
          expect(daily).toBeUndefined();
          return;
        }
        expect(daily).toBeDefined();
        const { statusDurations, distances } = daily!;
        const total = Object.values(statusDurations).reduce((sum, ms) => sum + ms, 0);
        expect(total).toBe(DAY_MS);
        const clipped = Object.fromEntries(DUTY_STATUSES.map((status) => [status, 0])) as Record<DutyStatus, number>;
        for (const p of periodsOf(fleet, vehicle, day - 31, day + 1)) {
          const ms = Math.min(p.end ?? until, dayStart + DAY_MS) - Math.max(p.start, dayStart);
          if (ms > 0) clipped[p.status] += ms;
        }
        expect(statusDurations).toEqual({
          onDuty: clipped.on_duty,
          offDuty: clipped.off_duty,
          driving: clipped.driving,
          waiting: clipped.waiting_time,
          sleeperBed: clipped.sleeper_bed,
          personalConveyance: clipped.personal_conveyance,
          yardMove: clipped.yard_move,
        });
        const km = tripsOfDay(fleet, vehicle, day, until).reduce((sum, trip) => sum + trip.distanceKm, 0);
        expect(Math.abs(distances.driving - km)).toBeLessThanOrEqual(0.01);
        expect(distances.total).toBeCloseTo(distances.driving + distances.personalConveyance + distances.yardMove, 9);
        expect(daily!.date).toBe(dayString(day));
        expect(daily!.driverId).toBe(driverOf(fleet, vehicle)(dayStart));
      }),
      runs(40),
    );
  });

  it("count a day in progress up to the clock, its last period under way", () => {
    fc.assert(
      fc.property(vehicleDays, fc.integer({ min: 1, max: DAY_MS / 1000 - 1 }), (vehicleDay, seconds) => {
        const { fleet, vehicle, day, dayStart } = vehicleDay;
        const until = dayStart + seconds * 1000;
        const daily = dailyDutyOfDay(fleet, vehicle, day, until)!;
        const total = Object.values(daily.statusDurations).reduce((sum, ms) => sum + ms, 0);
        expect(total).toBe(seconds * 1000);
        const periods = dutyPeriodsOfDay(fleet, vehicle, day, until);
        for (const p of periods) expect(p.start).toBeLessThanOrEqual(until);
        if (periods.length > 0) expect(periods.at(-1)!.end).toBeNull();
        // Nothing of the next day exists yet.
        expect(dailyDutyOfDay(fleet, vehicle, day + 1, until)).toBeUndefined();
        expect(dutyPeriodsOfDay(fleet, vehicle, day + 1, until)).toEqual([]);
      }),
      runs(30),
    );
  });
});

describe("the rules of src/hos", () => {
  it("are all kept by a legal driver's log, with the 70-hour/8-day cycle", () => {
    fc.assert(
      fc.property(
        ranges.filter(({ fleet, vehicle }) => !isDeliberatelyIllegal(fleet, vehicle)),
        ({ fleet, vehicle, from }) => {
          expect(violationsInRange(fleet, vehicle, from)).toEqual([]);
        },
      ),
      runs(60),
    );
  });

  it("give a legal driver 10 hours of rest between working days, and 34 across a day off", () => {
    fc.assert(
      fc.property(
        ranges.filter(({ fleet, vehicle }) => !isDeliberatelyIllegal(fleet, vehicle)),
        ({ fleet, vehicle, from }) => {
          // A rest carries no remark (a break says "Break") and ends at the next working day's first period.
          const rests = periodsOf(fleet, vehicle, from, from + RANGE_DAYS).filter(
            (p) => (p.status === "sleeper_bed" || p.status === "off_duty") && !p.remark && p.end !== null,
          );
          for (const rest of rests) {
            const started = dayOf(rest.start);
            // A late post-trip puts the rest's start just past the working day's midnight.
            const worked = dayPlan(fleet.seed, vehicle, started) ? started : started - 1;
            const least = dayOf(rest.end!) - worked >= 2 ? LIMITS.restart : LIMITS.reset;
            expect(rest.end! - rest.start).toBeGreaterThanOrEqual(least);
          }
        },
      ),
      runs(30),
    );
  });

  it("are broken within any 30 days by a deliberately illegal driver, past the 14th hour", () => {
    fc.assert(
      fc.property(illegalRanges, ({ fleet, vehicle, from }) => {
        const found = violationsInRange(fleet, vehicle, from);
        expect(found.map((v) => v.rule)).toContain("shift_limit");
        const loading = periodsOf(fleet, vehicle, from, from + RANGE_DAYS).filter((p) => p.remark === "Loading");
        expect(loading.length).toBeGreaterThan(0);
      }),
      runs(15),
    );
  });

  it("change nothing of an illegal driver's driving: it is still exactly their trips", () => {
    fc.assert(
      fc.property(illegalRanges, ({ fleet, vehicle, from }) => {
        for (let day = from; day < from + 5; day++) {
          const trips = tripsOfDay(fleet, vehicle, day, fleet.asOf);
          const driving = dutyPeriodsOfDay(fleet, vehicle, day, fleet.asOf).filter((p) => p.status === "driving");
          const drivingMs = driving.reduce((sum, p) => sum + p.end! - p.start, 0);
          expect(drivingMs).toBe(trips.reduce((sum, trip) => sum + trip.endedAt - trip.startedAt, 0));
        }
      }),
      runs(10),
    );
  });
});
