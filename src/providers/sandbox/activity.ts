import { KM_PER_MILE } from "../kit/units";
import type { SandboxFleet } from "./fleet";
import type { VehicleProfile } from "./fleet-vehicles";
import type { SandboxUtilizationDay } from "./payloads";
import { dayPlan } from "./simulation/day-plan";
import { dayValuesAt } from "./simulation/day-values";
import { round } from "./simulation/geo";
import { livedSegments } from "./simulation/life";
import { DAY_MS, dayString, iso, wholeSeconds } from "./time";
import { LITRES_PER_GALLON } from "./units";

/**
 * What the vehicles did each UTC day, read from the fleet's simulation (simulation/): the
 * utilization row sums the day's trips, idling and fuel up to `until` (the fleet's clock or the
 * vehicle's deletion), so past days never change and today's row grows revision by revision.
 * Safety events, read from the same trips, are in safety.ts.
 */

/** The utilization row of a vehicle's day, or none when the vehicle did not exist then. */
export function utilizationDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  until: number,
): SandboxUtilizationDay | undefined {
  const dayStart = day * DAY_MS;
  if (dayStart + DAY_MS <= vehicle.createdAt || dayStart >= until) return undefined;
  const base = { vehicleId: vehicle.id, day: dayString(day) };
  const plan = dayPlan(fleet.seed, vehicle, day);
  const lived = plan ? livedSegments(plan, vehicle, until).filter((segment) => segment.start < until) : [];
  const trips = lived.filter((segment) => segment.kind === "drive");
  if (!plan || trips.length === 0) {
    return {
      ...base,
      distanceMiles: 0,
      fuelGallons: 0,
      drivingSeconds: 0,
      idlingSeconds: 0,
      firstMovementAt: null,
      lastMovementAt: null,
    };
  }
  // The lived segments follow one another without a gap: the day's totals are their difference.
  const from = dayValuesAt(plan, lived[0]!.start);
  const to = dayValuesAt(plan, until);
  const idleMs = to.idleMs - from.idleMs;
  const electric = plan.traits.energy.electric;
  return {
    ...base,
    distanceMiles: round((to.km - from.km) / KM_PER_MILE, 2),
    fuelGallons: electric ? 0 : round((to.consumed - from.consumed) / LITRES_PER_GALLON, 2),
    drivingSeconds: Math.round((to.runMs - from.runMs - idleMs) / 1000),
    idlingSeconds: Math.round(idleMs / 1000),
    firstMovementAt: iso(trips[0]!.start),
    lastMovementAt: iso(wholeSeconds(Math.min(trips.at(-1)!.end, until))),
  };
}
