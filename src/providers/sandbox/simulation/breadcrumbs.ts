import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { DAY_MS, dayOf } from "../time";
import { type DayPlan, dayPlan } from "./day-plan";
import type { Segment } from "./day-timeline";
import { driverOf } from "./driver";
import { round } from "./geo";
import { livedTrips } from "./life";
import { kmAt, kphAt } from "./motion";
import { placeLabel } from "./places";

/** A point every 30 s while a vehicle moves (the adapter's advertised sample rate). */
export const BREADCRUMB_INTERVAL_MS = 30_000;

/**
 * One GPS point: `t` epoch ms (whole seconds), position to 5 decimals (about a metre), heading
 * in whole degrees clockwise from north (the direction of travel), speed in km/h (2 decimals),
 * and the nearest city on the road as its address.
 */
export type Breadcrumb = {
  t: number;
  lat: number;
  lng: number;
  heading: number;
  speedKph: number;
  driverId?: string;
  address: string;
};

/** Where a trip's vehicle is at instant `t` of the trip (from its start to its end, both included). */
export function pointOfTrip(plan: DayPlan, trip: Segment, t: number): Omit<Breadcrumb, "driverId"> {
  const elapsed = (t - trip.start) / 1000;
  const point = plan.route.at(trip.km0 + kmAt(trip.motion!, elapsed));
  return {
    t,
    lat: round(point.lat, 5),
    lng: round(point.lng, 5),
    heading: Math.round(point.heading) % 360,
    speedKph: round(kphAt(trip.motion!, elapsed), 2),
    address: placeLabel(point.place),
  };
}

/** A trip's breadcrumb instants: its start, every 30 s after, and its end. */
export function breadcrumbTimes(trip: Segment): number[] {
  const times: number[] = [];
  for (let t = trip.start; t < trip.end; t += BREADCRUMB_INTERVAL_MS) times.push(t);
  times.push(trip.end);
  return times;
}

/**
 * A vehicle's breadcrumbs of one UTC day with `from <= t < to` that exist by `until` (the
 * fleet's clock or the vehicle's deletion), in time order. Computes that day only.
 */
export function breadcrumbsOfDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  from: number,
  to: number,
  until: number,
): Breadcrumb[] {
  const plan = dayPlan(fleet.seed, vehicle, day);
  if (!plan) return [];
  const driverAt = driverOf(fleet, vehicle);
  const points: Breadcrumb[] = [];
  for (const trip of livedTrips(plan, vehicle, until)) {
    if (trip.end < from || trip.start >= to) continue;
    for (const t of breadcrumbTimes(trip)) {
      if (t < from || t >= to || t > until) continue;
      const driverId = driverAt(t);
      points.push({ ...pointOfTrip(plan, trip, t), ...(driverId ? { driverId } : {}) });
    }
  }
  return points;
}

/** A vehicle's breadcrumbs with `from <= t < to`, over the days the interval covers. */
export function breadcrumbsBetween(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  from: number,
  to: number,
  until: number,
): Breadcrumb[] {
  const points: Breadcrumb[] = [];
  for (let day = dayOf(from); day * DAY_MS < Math.min(to, until + 1); day++) {
    points.push(...breadcrumbsOfDay(fleet, vehicle, day, from, to, until));
  }
  return points;
}
