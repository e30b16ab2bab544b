import type { EngineState } from "../../../model/normalized";
import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { dayOf } from "../time";
import { BREADCRUMB_INTERVAL_MS, type Breadcrumb, pointOfTrip } from "./breadcrumbs";
import { dayPlan } from "./day-plan";
import { dayValuesAt } from "./day-values";
import { driverOf } from "./driver";
import { round } from "./geo";
import { livedTrips } from "./life";
import { lifetimeBefore } from "./odometer";

/** How far back a vehicle's last breadcrumb is looked for: it works on about 5 days of 7. */
const LOOK_BACK_DAYS = 14;

/**
 * A vehicle's live snapshot at an instant: its position, heading, speed and time are those of
 * its last breadcrumb at or before the instant; the odometer (km), fuel or battery level
 * (percent), engine state and engine run time (ms) are their values at the instant itself.
 */
export type VehicleState = Breadcrumb & {
  odometerKm: number;
  fuelPercent: number;
  engineState: EngineState;
  engineRuntimeMs: number;
};

/**
 * The snapshot at `t` (at most the fleet's clock or the vehicle's deletion), or none when the
 * vehicle has no breadcrumb yet in the last two weeks (it joined but has not driven).
 */
export function vehicleStateAt(fleet: SandboxFleet, vehicle: VehicleProfile, t: number): VehicleState | undefined {
  if (t < vehicle.createdAt) return undefined;
  const last = lastBreadcrumb(fleet, vehicle, t);
  if (!last) return undefined;
  const today = dayPlan(fleet.seed, vehicle, dayOf(t));
  // On a day off the vehicle stands where its last working day left it, engine off.
  const plan = today ?? last.plan;
  const values = dayValuesAt(plan, today ? t : Number.POSITIVE_INFINITY);
  const before = lifetimeBefore(fleet.seed, plan.traits);
  const driverId = driverOf(fleet, vehicle)(last.point.t);
  return {
    ...last.point,
    ...(driverId ? { driverId } : {}),
    odometerKm: round(before.km + plan.lifetime.km + values.km, 2),
    fuelPercent: round(plan.gauge.percent(values.consumed, values.refills), 2),
    engineState: values.engine,
    engineRuntimeMs: Math.round(before.runtimeMs + plan.lifetime.runtimeMs + values.runMs),
  };
}

function lastBreadcrumb(fleet: SandboxFleet, vehicle: VehicleProfile, t: number) {
  for (let day = dayOf(t); day > dayOf(t) - LOOK_BACK_DAYS; day--) {
    const plan = dayPlan(fleet.seed, vehicle, day);
    if (!plan) continue;
    const trips = livedTrips(plan, vehicle, t);
    const trip = trips.at(-1);
    if (!trip) continue;
    const at = Math.min(
      trip.end,
      trip.start + Math.floor((t - trip.start) / BREADCRUMB_INTERVAL_MS) * BREADCRUMB_INTERVAL_MS,
    );
    return { plan, point: pointOfTrip(plan, trip, at) };
  }
  return undefined;
}
