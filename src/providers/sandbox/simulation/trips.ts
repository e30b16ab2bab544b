import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { pad } from "../ids";
import { dayString } from "../time";
import { pointOfTrip } from "./breadcrumbs";
import { dayPlan } from "./day-plan";
import { driverOf } from "./driver";
import type { LatLng } from "./geo";
import { livedTrips } from "./life";

/**
 * A trip: a vehicle's movement from one stop to the next. It starts and ends exactly at its
 * first and last breadcrumb; `distanceKm` is the distance driven along the road (unrounded:
 * the day's trips add up exactly to its utilization distance and its odometer advance).
 */
export type SimTrip = {
  id: string;
  vehicleId: string;
  driverId?: string;
  startedAt: number;
  endedAt: number;
  startLocation: LatLng;
  endLocation: LatLng;
  distanceKm: number;
};

/** Trip ids carry the vehicle index, the day and the trip's rank in the day. */
export function tripId(vehicleIndex: number, day: number, k: number): string {
  return `sbx-trp-${pad(vehicleIndex)}-${dayString(day).replaceAll("-", "")}-${k}`;
}

/** The trips of a vehicle's UTC day that are complete by `until`, in time order. */
export function tripsOfDay(fleet: SandboxFleet, vehicle: VehicleProfile, day: number, until: number): SimTrip[] {
  const plan = dayPlan(fleet.seed, vehicle, day);
  if (!plan) return [];
  const driverAt = driverOf(fleet, vehicle);
  return livedTrips(plan, vehicle, until)
    .filter((trip) => trip.end <= until)
    .map((trip) => {
      const start = pointOfTrip(plan, trip, trip.start);
      const end = pointOfTrip(plan, trip, trip.end);
      const driverId = driverAt(trip.start);
      return {
        id: tripId(vehicle.record.index, day, trip.trip),
        vehicleId: vehicle.id,
        ...(driverId ? { driverId } : {}),
        startedAt: trip.start,
        endedAt: trip.end,
        startLocation: { lat: start.lat, lng: start.lng },
        endLocation: { lat: end.lat, lng: end.lng },
        distanceKm: trip.km1 - trip.km0,
      };
    });
}
