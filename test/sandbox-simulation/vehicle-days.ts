/**
 * Random vehicle-days of random sandbox fleets for the simulation's property tests: the fleet
 * is seeded from the drawn number, the day is one of the 80 before the connection was created
 * (so complete, and within the life of every vehicle of the initial fleet).
 */
import fc from "fast-check";
import { SandboxFleet } from "../../src/providers/sandbox/fleet";
import type { VehicleProfile } from "../../src/providers/sandbox/fleet-vehicles";
import { dayPlan } from "../../src/providers/sandbox/simulation/day-plan";
import { DAY_MS, dayOf } from "../../src/providers/sandbox/time";

export const CREATED_AT = new Date("2026-01-10T08:30:00.000Z");
export const FLEET_SIZE = 40;
/** fast-check's own seed: the runs are the same every time. */
export const PROPERTY_SEED = 20_260_110;

export type VehicleDay = { fleet: SandboxFleet; vehicle: VehicleProfile; day: number; dayStart: number; until: number };

const fleets = new Map<number, SandboxFleet>();

export function fleetOf(seed: number, revision = 0, fleetSize = FLEET_SIZE): SandboxFleet {
  const key = seed * 1_000_000 + revision * 1000 + fleetSize;
  let fleet = fleets.get(key);
  if (!fleet) {
    fleet = new SandboxFleet({ seed: `prop-${seed}`, fleetSize, connectionCreatedAt: CREATED_AT, revision });
    fleets.set(key, fleet);
  }
  return fleet;
}

/** A vehicle's complete day, worked or not. */
export const vehicleDays = fc
  .record({
    seed: fc.integer({ min: 0, max: 999 }),
    index: fc.integer({ min: 0, max: FLEET_SIZE - 1 }),
    back: fc.integer({ min: 1, max: 80 }),
  })
  .map(({ seed, index, back }): VehicleDay => {
    const fleet = fleetOf(seed);
    const day = dayOf(CREATED_AT.getTime()) - back;
    return { fleet, vehicle: fleet.vehicleByIndex(index)!, day, dayStart: day * DAY_MS, until: fleet.asOf };
  });

/** A vehicle's complete working day. */
export const workingDays = vehicleDays.filter(
  ({ fleet, vehicle, day }) => dayPlan(fleet.seed, vehicle, day) !== undefined,
);
