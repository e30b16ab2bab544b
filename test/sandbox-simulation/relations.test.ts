/**
 * The relations a real fleet's data keeps, checked over random fleets, vehicles and days: trips
 * and breadcrumbs, utilization, odometer and engine state all read from one simulation agree.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KM_PER_MILE } from "../../src/providers/kit/units";
import { utilizationDay } from "../../src/providers/sandbox/activity";
import { SandboxFleet } from "../../src/providers/sandbox/fleet";
import { BREADCRUMB_INTERVAL_MS, breadcrumbsOfDay } from "../../src/providers/sandbox/simulation/breadcrumbs";
import { vehicleTraits } from "../../src/providers/sandbox/simulation/budget";
import { dayPlan } from "../../src/providers/sandbox/simulation/day-plan";
import { lifetimeAtDayStart } from "../../src/providers/sandbox/simulation/odometer";
import { vehicleStateAt } from "../../src/providers/sandbox/simulation/state";
import { statsOfDay } from "../../src/providers/sandbox/simulation/stats";
import { tripsOfDay } from "../../src/providers/sandbox/simulation/trips";
import { DAY_MS, dayOf } from "../../src/providers/sandbox/time";
import { CREATED_AT, PROPERTY_SEED, vehicleDays, workingDays } from "./vehicle-days";

const runs = (numRuns: number) => ({ seed: PROPERTY_SEED, numRuns });

describe("trips and breadcrumbs", () => {
  it("start and end each trip exactly at its first and last breadcrumb", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const points = breadcrumbsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, until);
        const trips = tripsOfDay(fleet, vehicle, day, until);
        expect(trips.length).toBeGreaterThan(0);
        for (const trip of trips) {
          const own = points.filter((point) => point.t >= trip.startedAt && point.t <= trip.endedAt);
          expect(own[0]).toMatchObject({ t: trip.startedAt, ...trip.startLocation, speedKph: 0 });
          expect(own.at(-1)).toMatchObject({ t: trip.endedAt, ...trip.endLocation, speedKph: 0 });
          expect(trip.id).toMatch(/^sbx-trp-\d{6}-\d{8}-\d+$/);
          expect(trip.distanceKm).toBeGreaterThan(0);
        }
      }),
      runs(60),
    );
  });

  it("are strictly increasing in time, in whole seconds, 30 s apart while moving", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const points = breadcrumbsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, until);
        const trips = tripsOfDay(fleet, vehicle, day, until);
        for (const point of points) expect(point.t % 1000).toBe(0);
        for (let i = 1; i < points.length; i++) expect(points[i]!.t).toBeGreaterThan(points[i - 1]!.t);
        for (const trip of trips) {
          const times = points.filter((p) => p.t >= trip.startedAt && p.t <= trip.endedAt).map((p) => p.t);
          const gaps = times.slice(1).map((t, i) => t - times[i]!);
          // Every gap is 30 s but the last, which ends at the trip's end.
          for (const gap of gaps.slice(0, -1)) expect(gap).toBe(BREADCRUMB_INTERVAL_MS);
          expect(gaps.at(-1)).toBeGreaterThan(0);
          expect(gaps.at(-1)).toBeLessThanOrEqual(BREADCRUMB_INTERVAL_MS);
        }
        // No breadcrumb outside a trip: the vehicle only reports while it moves.
        const inTrips = trips.reduce(
          (sum, trip) => sum + Math.floor((trip.endedAt - trip.startedAt - 1) / 30_000) + 2,
          0,
        );
        expect(points).toHaveLength(inTrips);
      }),
      runs(60),
    );
  });
});

describe("a day's totals", () => {
  it("add the day's trips up to its utilization row (distance within 1 %, time exactly)", () => {
    fc.assert(
      fc.property(vehicleDays, ({ fleet, vehicle, day, until }) => {
        const row = utilizationDay(fleet, vehicle, day, until)!;
        const trips = tripsOfDay(fleet, vehicle, day, until);
        const km = trips.reduce((sum, trip) => sum + trip.distanceKm, 0);
        expect(Math.abs(row.distanceMiles * KM_PER_MILE - km)).toBeLessThanOrEqual(Math.max(0.01 * km, 0.02));
        const drivingMs = trips.reduce((sum, trip) => sum + trip.endedAt - trip.startedAt, 0);
        expect(row.drivingSeconds * 1000).toBe(drivingMs);
        expect(row.firstMovementAt).toBe(trips[0] ? new Date(trips[0].startedAt).toISOString() : null);
        expect(row.lastMovementAt).toBe(trips.at(-1) ? new Date(trips.at(-1)!.endedAt).toISOString() : null);
      }),
      runs(80),
    );
  });

  it("advance the odometer by exactly the distance driven", () => {
    fc.assert(
      fc.property(vehicleDays, ({ fleet, vehicle, day, dayStart, until }) => {
        const trips = tripsOfDay(fleet, vehicle, day, until);
        const driven = trips.reduce((sum, trip) => sum + trip.distanceKm, 0);
        const traits = vehicleTraits(vehicle);
        const advance =
          lifetimeAtDayStart(fleet.seed, traits, day + 1).km - lifetimeAtDayStart(fleet.seed, traits, day).km;
        expect(advance).toBeCloseTo(driven, 6);
        // The snapshots at midnight show it too, to the odometer's 2 decimals.
        const before = vehicleStateAt(fleet, vehicle, dayStart);
        const after = vehicleStateAt(fleet, vehicle, dayStart + DAY_MS);
        if (before && after) expect(Math.abs(after.odometerKm - before.odometerKm - driven)).toBeLessThanOrEqual(0.011);
      }),
      runs(80),
    );
  });

  it("read the odometer growing with the distance along the route, trip by trip", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const trips = tripsOfDay(fleet, vehicle, day, until);
        const odometer = statsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, until, ["odometer"]);
        const at = (t: number) => odometer.find((reading) => reading.t === t)!.value as number;
        const start = at(trips[0]!.startedAt);
        let driven = 0;
        for (const trip of trips) {
          expect(at(trip.startedAt) - start).toBeCloseTo(driven, 1);
          driven += trip.distanceKm;
          expect(at(trip.endedAt) - start).toBeCloseTo(driven, 1);
        }
        for (let i = 1; i < odometer.length; i++) {
          expect(odometer[i]!.value as number).toBeGreaterThanOrEqual(odometer[i - 1]!.value as number);
        }
      }),
      runs(40),
    );
  });
});

describe("engine and snapshot", () => {
  it("has the engine on at every breadcrumb of a trip, and off or idling between trips", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const states = statsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, until, ["engine_state"]);
        const engineAt = (t: number) => states.filter((reading) => reading.t <= t).at(-1)?.value ?? "off";
        const points = breadcrumbsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, until);
        for (const trip of tripsOfDay(fleet, vehicle, day, until)) {
          for (const point of points.filter((p) => p.t >= trip.startedAt && p.t < trip.endedAt)) {
            expect(engineAt(point.t)).toBe("on");
          }
          expect(engineAt(trip.endedAt)).not.toBe("on");
        }
        for (let i = 1; i < states.length; i++) expect(states[i]!.value).not.toBe(states[i - 1]!.value);
        expect(states.at(-1)?.value).toBe("off");
      }),
      runs(40),
    );
  });

  it("puts the latest location of any instant at the last breadcrumb at or before it", () => {
    fc.assert(
      fc.property(
        workingDays,
        fc.integer({ min: 0, max: DAY_MS - 1 }),
        ({ fleet, vehicle, day, dayStart, until }, offset) => {
          const t = dayStart + offset;
          const state = vehicleStateAt(fleet, vehicle, t);
          const earlier = [day, day - 1, day - 2, day - 3, day - 4, day - 5, day - 6].flatMap((d) =>
            breadcrumbsOfDay(fleet, vehicle, d, 0, t + 1, until),
          );
          const last = earlier.sort((a, b) => a.t - b.t).at(-1);
          if (!last) return;
          expect(state).toMatchObject(last);
          expect(["on", "idle", "off"]).toContain(state!.engineState);
        },
      ),
      runs(60),
    );
  });
});

describe("connections of one account", () => {
  it("simulate each its own vehicles: a vehicle's memoized plan and odometer follow its creation", () => {
    // One account (one seed) connected twice, a year apart: vehicle k is created at different
    // times in each, so it has a different profile and life; neither may be read from the other's memo.
    const seed = "prop-shared-account";
    const early = new SandboxFleet({ seed, fleetSize: 10, connectionCreatedAt: CREATED_AT, revision: 0 });
    const late = new SandboxFleet({
      seed,
      fleetSize: 10,
      connectionCreatedAt: new Date(CREATED_AT.getTime() + 365 * DAY_MS),
      revision: 0,
    });
    const day = dayOf(CREATED_AT.getTime()) - 1;
    for (let index = 0; index < 10; index++) {
      const [first, second] = [early.vehicleByIndex(index)!, late.vehicleByIndex(index)!];
      expect(first.createdAt).not.toBe(second.createdAt);
      for (const vehicle of [first, second]) {
        const plan = dayPlan(early.seed, vehicle, day);
        if (plan) expect(plan.traits.vehicle).toBe(vehicle);
      }
      // The later connection's vehicle did not exist yet on the earlier one's day: no life at all.
      if (second.createdAt > (day + 1) * DAY_MS) {
        expect(lifetimeAtDayStart(early.seed, vehicleTraits(second), day + 1)).toEqual({
          km: 0,
          consumed: 0,
          runtimeMs: 0,
        });
      }
    }
  });
});
