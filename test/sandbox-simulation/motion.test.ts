/**
 * Where and how fast the simulated vehicles go, checked over random fleets, vehicles and days:
 * plausible speeds that agree with the distance between breadcrumbs, positions in North
 * America, safety events on the route as the vehicle drove it, fuel levels a driver keeps.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KM_PER_MILE } from "../../src/providers/kit/units";
import { safetyEventsOfDay } from "../../src/providers/sandbox/safety";
import { type Breadcrumb, breadcrumbsOfDay } from "../../src/providers/sandbox/simulation/breadcrumbs";
import { dayPlan } from "../../src/providers/sandbox/simulation/day-plan";
import { haversineKm } from "../../src/providers/sandbox/simulation/geo";
import { statsOfDay } from "../../src/providers/sandbox/simulation/stats";
import { tripsOfDay } from "../../src/providers/sandbox/simulation/trips";
import { PROPERTY_SEED, workingDays } from "./vehicle-days";

const runs = (numRuns: number) => ({ seed: PROPERTY_SEED, numRuns });
const ALL = Number.POSITIVE_INFINITY;

describe("breadcrumbs", () => {
  it("move at plausible speeds that agree with the distance between consecutive points", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const points = breadcrumbsOfDay(fleet, vehicle, day, 0, ALL, until);
        for (const trip of tripsOfDay(fleet, vehicle, day, until)) {
          const own = points.filter((p) => p.t >= trip.startedAt && p.t <= trip.endedAt);
          let chordKm = 0;
          for (let i = 1; i < own.length; i++) {
            const [a, b] = [own[i - 1]!, own[i]!];
            expect(b.speedKph).toBeGreaterThanOrEqual(0);
            expect(b.speedKph).toBeLessThanOrEqual(130);
            const km = haversineKm(a.lat, a.lng, b.lat, b.lng);
            chordKm += km;
            const kph = (km / (b.t - a.t)) * 3_600_000;
            expect(kph).toBeLessThanOrEqual(130);
            // Between two points of the open road the average speed lies between theirs (the
            // vehicle speeds up or slows down steadily over 30 s), and a straight line cuts a bend
            // a little short. At the trip's ends it pulls away from, or comes to, a stop.
            if (i === 1 || i === own.length - 1) continue;
            expect(kph).toBeLessThanOrEqual(Math.max(a.speedKph, b.speedKph) * 1.03 + 1);
            expect(kph).toBeGreaterThanOrEqual(Math.min(a.speedKph, b.speedKph) * 0.9 - 1);
          }
          // Along the whole trip, the straight lines between points add up to its distance.
          expect(Math.abs(chordKm - trip.distanceKm)).toBeLessThanOrEqual(0.01 * trip.distanceKm + 0.01);
        }
      }),
      runs(60),
    );
  });

  it("stay in North America, head the way the vehicle drives, and name a city", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const points = breadcrumbsOfDay(fleet, vehicle, day, 0, ALL, until);
        for (const point of points) {
          expect(point.lat).toBeGreaterThan(24);
          expect(point.lat).toBeLessThan(60);
          expect(point.lng).toBeGreaterThan(-130);
          expect(point.lng).toBeLessThan(-60);
          expect(Number.isInteger(point.heading) && point.heading >= 0 && point.heading < 360).toBe(true);
          expect(point.address).toMatch(/^[A-Z][A-Za-z. ]+, [A-Z]{2}$/);
          expect(Math.round(point.lat * 1e5) / 1e5).toBe(point.lat);
        }
        // Between two points 30 s apart at speed, the bearing from one to the next is their heading, give or take a bend.
        for (let i = 1; i < points.length; i++) {
          const [a, b] = [points[i - 1]!, points[i]!];
          if (b.t - a.t !== 30_000 || a.speedKph < 20 || b.speedKph < 20) continue;
          expect(angleBetween(a.heading, bearing(a, b))).toBeLessThan(45);
        }
      }),
      runs(40),
    );
  });

  it("keep today's points as they were when the fleet's clock moves on", () => {
    fc.assert(
      fc.property(workingDays, fc.integer({ min: 0, max: 23 }), ({ fleet, vehicle, day, dayStart }, hour) => {
        const until = dayStart + hour * 3_600_000;
        const early = breadcrumbsOfDay(fleet, vehicle, day, 0, ALL, until);
        const late = breadcrumbsOfDay(fleet, vehicle, day, 0, ALL, until + 3_600_000);
        expect(late.slice(0, early.length)).toEqual(early);
        for (const point of early) expect(point.t).toBeLessThanOrEqual(until);
      }),
      runs(30),
    );
  });
});

describe("safety events", () => {
  it("happen on the day's route, where the breadcrumbs put the vehicle then, at its speed", () => {
    let checked = 0;
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const points = breadcrumbsOfDay(fleet, vehicle, day, 0, ALL, until);
        for (const event of safetyEventsOfDay(fleet, vehicle, day, until)) {
          checked++;
          const started = Date.parse(event.startedAt);
          const position = interpolate(points, started);
          expect(position).toBeDefined();
          expect(haversineKm(position!.lat, position!.lng, event.location.lat, event.location.lng)).toBeLessThan(0.1);
          const end = interpolate(points, Date.parse(event.endedAt));
          expect(haversineKm(end!.lat, end!.lng, event.endLocation!.lat, event.endLocation!.lng)).toBeLessThan(0.1);
          if (event.behavior === "unsafeParking") {
            expect(event.maxSpeedMph).toBe(0);
            continue;
          }
          const speedKph = event.maxSpeedMph * KM_PER_MILE;
          expect(speedKph).toBeGreaterThanOrEqual(position!.speedKph - 1);
          expect(event.avgSpeedMph!).toBeLessThanOrEqual(event.maxSpeedMph + 0.01);
          if (event.behavior === "overSpeed") expect(event.maxSpeedMph).toBeGreaterThan(event.speedLimitMph!);
        }
      }),
      runs(150),
    );
    expect(checked).toBeGreaterThan(30);
  });
});

describe("fuel and engine readings", () => {
  it("keep the tank or battery between 20 % and 100 %, refilling before it would go lower", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const plan = dayPlan(fleet.seed, vehicle, day)!;
        for (const segment of plan.segments) {
          for (const consumed of [segment.consumed0, segment.consumed1]) {
            const percent = plan.gauge.percent(consumed, segment.refills0);
            expect(percent).toBeGreaterThanOrEqual(19.999);
            expect(percent).toBeLessThanOrEqual(100.001);
          }
        }
        const readings = statsOfDay(fleet, vehicle, day, 0, ALL, until);
        const series = (type: string) => readings.filter((r) => r.type === type).map((r) => r.value as number);
        for (const level of series("fuel_level")) expect(level >= 19.99 && level <= 100).toBe(true);
        const increasing = (values: number[]) => values.every((value, i) => i === 0 || value >= values[i - 1]!);
        expect(increasing(series("total_fuel_consumption"))).toBe(true);
        expect(increasing(series("engine_runtime"))).toBe(true);
        for (const rpm of series("engine_rpm")) expect(rpm > 500 && rpm < 3000).toBe(true);
        for (const celsius of series("engine_coolant_temperature")) expect(celsius > -30 && celsius < 110).toBe(true);
        for (const volts of series("battery_voltage")) expect(volts > 12 && volts < 15).toBe(true);
        if (vehicle.economyMpg === undefined) expect(series("total_fuel_consumption")).toEqual([]);
        else expect(series("total_fuel_consumption").length).toBeGreaterThan(0);
      }),
      runs(60),
    );
  });

  it("read every 5 minutes while the engine runs, and at each trip's start and end", () => {
    fc.assert(
      fc.property(workingDays, ({ fleet, vehicle, day, until }) => {
        const odometer = statsOfDay(fleet, vehicle, day, 0, ALL, until, ["odometer"]);
        const times = new Set(odometer.map((r) => r.t));
        // One reading per instant: a trip ending on a 5-minute mark is not read twice there.
        expect(times.size).toBe(odometer.length);
        const plan = dayPlan(fleet.seed, vehicle, day)!;
        for (const trip of tripsOfDay(fleet, vehicle, day, until)) {
          expect(times.has(trip.startedAt) && times.has(trip.endedAt)).toBe(true);
        }
        for (const segment of plan.segments.filter((s) => s.kind !== "off")) {
          for (let t = Math.ceil(segment.start / 300_000) * 300_000; t < segment.end; t += 300_000) {
            expect(times.has(t)).toBe(true);
          }
        }
      }),
      runs(30),
    );
  });
});

/**
 * The position between the two breadcrumbs around `t`, on the straight line between them, at
 * the share of the distance a vehicle changing speed steadily from one's speed to the other's
 * has covered by then (a stop sign is run while braking: the distance is not linear in time).
 */
function interpolate(points: readonly Breadcrumb[], t: number): Breadcrumb | undefined {
  const after = points.findIndex((point) => point.t >= t);
  if (after < 0) return undefined;
  const b = points[after]!;
  const a = points[after - 1];
  if (b.t === t || !a) return b;
  const span = b.t - a.t;
  const elapsed = t - a.t;
  const covered = a.speedKph * elapsed + ((b.speedKph - a.speedKph) * elapsed ** 2) / (2 * span);
  const total = ((a.speedKph + b.speedKph) * span) / 2;
  const share = total > 0 ? covered / total : elapsed / span;
  const speedKph = a.speedKph + (elapsed / span) * (b.speedKph - a.speedKph);
  return { ...a, t, lat: a.lat + share * (b.lat - a.lat), lng: a.lng + share * (b.lng - a.lng), speedKph };
}

function bearing(a: Breadcrumb, b: Breadcrumb): number {
  const y = (b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180);
  return ((Math.atan2(y, b.lat - a.lat) * 180) / Math.PI + 360) % 360;
}

function angleBetween(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}
