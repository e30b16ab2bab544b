import type { VehicleProfile } from "../fleet-vehicles";
import type { DayPlan } from "./day-plan";
import type { Segment } from "./day-timeline";

/**
 * The part of a day's plan that happened within the vehicle's life as the fleet shows it: from
 * its first segment starting at or after the vehicle joined (a trip under way when it joined
 * is not part of its history) to `until` (the fleet's clock, or the vehicle's deletion; a
 * segment under way then has happened up to it).
 */
export function livedSegments(plan: DayPlan, vehicle: VehicleProfile, until: number): Segment[] {
  return plan.segments.filter((segment) => segment.start >= vehicle.createdAt && segment.start <= until);
}

export function livedTrips(plan: DayPlan, vehicle: VehicleProfile, until: number): Segment[] {
  return plan.trips.filter((trip) => trip.start >= vehicle.createdAt && trip.start <= until);
}
