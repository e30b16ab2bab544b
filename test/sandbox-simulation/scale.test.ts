/**
 * A 100,000-vehicle fleet: one vehicle-day, and the latest state of 500 vehicles scattered over
 * the fleet, cost the work of those vehicles alone. The figures are logged, not asserted (the
 * machine's load decides wall-clock time); what is asserted is that the fleet is never walked.
 */
import { describe, expect, it } from "vitest";
import { SandboxFleet } from "../../src/providers/sandbox/fleet";
import { breadcrumbsOfDay } from "../../src/providers/sandbox/simulation/breadcrumbs";
import { vehicleStateAt } from "../../src/providers/sandbox/simulation/state";
import { statsOfDay } from "../../src/providers/sandbox/simulation/stats";
import { dayOf } from "../../src/providers/sandbox/time";
import { CREATED_AT } from "./vehicle-days";

const FLEET_SIZE = 100_000;

describe("a 100,000-vehicle fleet", () => {
  it("computes a vehicle-day and the latest state of 500 vehicles without walking the fleet", () => {
    const fleet = new SandboxFleet({
      seed: "scale",
      fleetSize: FLEET_SIZE,
      connectionCreatedAt: CREATED_AT,
      revision: 500,
    });
    // Count every vehicle the simulation looks up: only the ones asked for may be.
    const looked = new Set<number>();
    const byIndex = fleet.vehicleByIndex.bind(fleet);
    fleet.vehicleByIndex = (index) => {
      looked.add(index);
      return byIndex(index);
    };
    const present = fleet.presentVehicle.bind(fleet);
    fleet.presentVehicle = (slot) => {
      looked.add(slot);
      return present(slot);
    };

    const vehicle = fleet.presentVehicle(73_219)!;
    const day = dayOf(fleet.asOf) - 3;
    let started = performance.now();
    const points = breadcrumbsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, fleet.asOf);
    const dayMs = performance.now() - started;
    started = performance.now();
    const again = breadcrumbsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, fleet.asOf);
    const warmDayMs = performance.now() - started;
    expect(again).toEqual(points);
    started = performance.now();
    const readings = statsOfDay(fleet, vehicle, day, 0, Number.POSITIVE_INFINITY, fleet.asOf);
    const statsMs = performance.now() - started;

    const slots = Array.from({ length: 500 }, (_, k) => (k * 7919 + 13) % FLEET_SIZE);
    const at = (slot: number) => {
      const listed = fleet.presentVehicle(slot);
      return listed ? vehicleStateAt(fleet, listed, Math.min(fleet.asOf, fleet.vehicleUntil(listed))) : undefined;
    };
    started = performance.now();
    const states = slots.map(at);
    const coldMs = performance.now() - started;
    started = performance.now();
    const warm = slots.map(at);
    const warmMs = performance.now() - started;
    expect(warm).toEqual(states);
    // Vehicles that joined in the last hours (a quarter of the slots churn) may not have driven yet.
    const located = states.filter((state) => state !== undefined).length;
    expect(located).toBeGreaterThan(350);
    expect(looked.size).toBeLessThanOrEqual(501);
    console.log(
      `100k fleet: vehicle-day of ${points.length} breadcrumbs ${dayMs.toFixed(2)} ms (memoized plan ${warmDayMs.toFixed(2)} ms), ` +
        `${readings.length} stat readings ${statsMs.toFixed(2)} ms; latest state of 500 vehicles (${located} located) ${coldMs.toFixed(0)} ms cold, ` +
        `${warmMs.toFixed(0)} ms memoized`,
    );
  });
});
