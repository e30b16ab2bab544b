/**
 * The sandbox's distances per IFTA jurisdiction, checked over random fleets, vehicles and days
 * against the rest of the simulation: a day's jurisdictions add up to its trips and its
 * utilization row (today's so far too), every code is a known jurisdiction, and a long-haul
 * truck's day is split between jurisdictions where its breadcrumbs cross the borders.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JURISDICTIONS } from "../../src/jurisdictions/jurisdictions";
import { jurisdictionAt } from "../../src/jurisdictions/lookup";
import { KM_PER_MILE } from "../../src/providers/kit/units";
import { utilizationDay } from "../../src/providers/sandbox/activity";
import { iftaDayPayloads, mapIftaDay } from "../../src/providers/sandbox/models/ifta-summaries";
import { breadcrumbsOfDay } from "../../src/providers/sandbox/simulation/breadcrumbs";
import { vehicleTraits } from "../../src/providers/sandbox/simulation/budget";
import { dayPlan } from "../../src/providers/sandbox/simulation/day-plan";
import { dayValuesAt } from "../../src/providers/sandbox/simulation/day-values";
import { jurisdictionKmOfDay } from "../../src/providers/sandbox/simulation/jurisdiction-distances";
import { tripsOfDay } from "../../src/providers/sandbox/simulation/trips";
import { DAY_MS, dayOf } from "../../src/providers/sandbox/time";
import { CREATED_AT, FLEET_SIZE, fleetOf, PROPERTY_SEED, type VehicleDay, vehicleDays } from "./vehicle-days";

const runs = (numRuns: number) => ({ seed: PROPERTY_SEED, numRuns });
const KNOWN_CODES = new Set(JURISDICTIONS.map((jurisdiction) => jurisdiction.code));
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** km of the payloads a sync reads for the day, through the adapter's own mapping. */
const payloadKm = ({ fleet, vehicle, day, until }: VehicleDay) =>
  sum(iftaDayPayloads(fleet, vehicle, day, until).map((payload) => mapIftaDay(payload).distance));

describe("a day's distance by jurisdiction", () => {
  it("adds up to the day's trips (to 0.01 km) and to its utilization distance (within 1 %)", () => {
    fc.assert(
      fc.property(vehicleDays, (vehicleDay) => {
        const { fleet, vehicle, day, until } = vehicleDay;
        const tripsKm = sum(tripsOfDay(fleet, vehicle, day, until).map((trip) => trip.distanceKm));
        const parts = jurisdictionKmOfDay(fleet, vehicle, day, until);
        expect(sum(parts.map((part) => part.km))).toBeCloseTo(tripsKm, 6);
        expect(Math.abs(payloadKm(vehicleDay) - tripsKm)).toBeLessThanOrEqual(0.01);
        const utilizationKm = utilizationDay(fleet, vehicle, day, until)!.distanceMiles * KM_PER_MILE;
        expect(Math.abs(payloadKm(vehicleDay) - utilizationKm)).toBeLessThanOrEqual(Math.max(0.01 * tripsKm, 0.02));
      }),
      runs(80),
    );
  });

  it("names known jurisdictions only (or none), each once a day, with a positive distance", () => {
    fc.assert(
      fc.property(vehicleDays, ({ fleet, vehicle, day, until }) => {
        const payloads = iftaDayPayloads(fleet, vehicle, day, until);
        for (const payload of payloads) {
          if (payload.jurisdiction !== null) expect(KNOWN_CODES).toContain(payload.jurisdiction);
          expect(payload.miles).toBeGreaterThan(0);
          expect(payload).toMatchObject({
            vehicleId: vehicle.id,
            date: new Date(day * DAY_MS).toISOString().slice(0, 10),
          });
        }
        expect(new Set(payloads.map((payload) => payload.jurisdiction)).size).toBe(payloads.length);
        expect(new Set(payloads.map((payload) => payload.id)).size).toBe(payloads.length);
        expect(iftaDayPayloads(fleet, vehicle, day, until)).toEqual(payloads);
      }),
      runs(80),
    );
  });

  it("counts today as far as it has gone, as its utilization row does", () => {
    const today = fc
      .record({
        seed: fc.integer({ min: 0, max: 999 }),
        index: fc.integer({ min: 0, max: FLEET_SIZE - 1 }),
        revision: fc.integer({ min: 1, max: 15 }),
      })
      .map(({ seed, index, revision }): VehicleDay => {
        const fleet = fleetOf(seed, revision);
        const day = dayOf(fleet.asOf);
        return { fleet, vehicle: fleet.vehicleByIndex(index)!, day, dayStart: day * DAY_MS, until: fleet.asOf };
      });
    fc.assert(
      fc.property(today, (vehicleDay) => {
        const { fleet, vehicle, day, until } = vehicleDay;
        const utilizationKm = utilizationDay(fleet, vehicle, day, until)!.distanceMiles * KM_PER_MILE;
        expect(Math.abs(payloadKm(vehicleDay) - utilizationKm)).toBeLessThanOrEqual(
          Math.max(0.01 * utilizationKm, 0.02),
        );
      }),
      runs(60),
    );
  });
});

/** A long-haul truck's complete working day (long hauls are what cross borders), of random fleets. */
const longHaulDays = fc
  .record({
    seed: fc.integer({ min: 0, max: 999 }),
    pick: fc.nat(),
    back: fc.integer({ min: 1, max: 80 }),
  })
  .map(({ seed, pick, back }): VehicleDay | undefined => {
    const fleet = fleetOf(seed);
    const trucks = Array.from({ length: FLEET_SIZE }, (_, index) => fleet.vehicleByIndex(index)!).filter(
      (vehicle) => vehicleTraits(vehicle).longHaul,
    );
    const vehicle = trucks[pick % Math.max(1, trucks.length)];
    const day = dayOf(CREATED_AT.getTime()) - back;
    if (!vehicle || !dayPlan(fleet.seed, vehicle, day)) return undefined;
    return { fleet, vehicle, day, dayStart: day * DAY_MS, until: fleet.asOf };
  })
  .filter((vehicleDay): vehicleDay is VehicleDay => vehicleDay !== undefined);

/** How close to the breadcrumbs' bracket a jurisdiction's km must be: the samples and the breadcrumbs differ by metres. */
const BRACKET_TOLERANCE_KM = 0.1;

describe("a long-haul day across borders", () => {
  it("is split where its breadcrumbs cross: each jurisdiction between the road between its own breadcrumbs and that plus the legs that cross", () => {
    let crossings = 0;
    let crossingTrips = 0;
    fc.assert(
      fc.property(longHaulDays, ({ fleet, vehicle, day, until }) => {
        const plan = dayPlan(fleet.seed, vehicle, day)!;
        const points = breadcrumbsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, until);
        const codes = points.map((point) => jurisdictionAt(point.lat, point.lng));
        const within = new Map<string | null, number>();
        const crossingLegs = new Map<string | null, number>();
        const add = (totals: Map<string | null, number>, code: string | null, km: number) =>
          totals.set(code, (totals.get(code) ?? 0) + km);
        for (let i = 1; i < points.length; i++) {
          // The road driven between two breadcrumbs (none between a trip's last and the next one's first).
          const km = dayValuesAt(plan, points[i]!.t).km - dayValuesAt(plan, points[i - 1]!.t).km;
          if (codes[i] === codes[i - 1]) {
            add(within, codes[i]!, km);
          } else {
            crossings++;
            add(crossingLegs, codes[i]!, km);
            add(crossingLegs, codes[i - 1]!, km);
          }
        }
        const parts = new Map(
          jurisdictionKmOfDay(fleet, vehicle, day, until).map((part) => [part.jurisdiction, part.km]),
        );
        for (const code of new Set([...parts.keys(), ...within.keys(), ...crossingLegs.keys()])) {
          const km = parts.get(code) ?? 0;
          const low = within.get(code) ?? 0;
          expect(km, `${code}`).toBeGreaterThanOrEqual(low - BRACKET_TOLERANCE_KM);
          expect(km, `${code}`).toBeLessThanOrEqual(low + (crossingLegs.get(code) ?? 0) + BRACKET_TOLERANCE_KM);
        }
        // A trip that starts in one jurisdiction and ends in another has distance on both sides.
        for (const trip of tripsOfDay(fleet, vehicle, day, until)) {
          const first = codes[points.findIndex((point) => point.t === trip.startedAt)];
          const last = codes[points.findIndex((point) => point.t === trip.endedAt)];
          if (first === last) continue;
          crossingTrips++;
          expect(parts.get(first!)).toBeGreaterThan(0);
          expect(parts.get(last!)).toBeGreaterThan(0);
        }
      }),
      runs(60),
    );
    // The property held over real crossings, not vacuously.
    expect(crossings).toBeGreaterThan(20);
    expect(crossingTrips).toBeGreaterThan(5);
  });
});
