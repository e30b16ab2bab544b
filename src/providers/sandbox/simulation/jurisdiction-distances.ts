import { jurisdictionAt } from "../../../jurisdictions/lookup";
import { distanceByJurisdiction } from "../../../jurisdictions/path-distance";
import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { type DayPlan, dayPlan } from "./day-plan";
import { livedTrips } from "./life";
import { kmAt } from "./motion";

/**
 * km between two samples of a trip's road. About the distance between two breadcrumbs at
 * highway speed (30 s at 100 km/h is 0.83 km), so a border is placed where the breadcrumbs
 * cross it; distanceByJurisdiction then finds it to within metres between the two samples.
 */
export const SAMPLE_KM = 1;

/** The km a vehicle drove in one jurisdiction (null: outside every one) on one day. */
export type JurisdictionKm = { jurisdiction: string | null; km: number };

/**
 * The km a vehicle drove in each jurisdiction on a UTC day, up to `until` (a trip under way
 * then counts as far as it has gone, as the utilization row does), in order of code (null
 * last). Each trip's road is sampled every SAMPLE_KM and split at the borders by
 * distanceByJurisdiction; the straight legs between samples are a little shorter than the road,
 * so the parts are scaled to add up exactly to the km driven, which are the day's trips'
 * `distanceKm` and its utilization distance. Empty on a day without driving.
 */
export function jurisdictionKmOfDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  until: number,
): JurisdictionKm[] {
  const plan = dayPlan(fleet.seed, vehicle, day);
  if (!plan) return [];
  const measured = new Map<string | null, number>();
  let drivenKm = 0;
  for (const trip of livedTrips(plan, vehicle, until)) {
    const endKm = trip.end <= until ? trip.km1 : trip.km0 + kmAt(trip.motion!, (until - trip.start) / 1000);
    if (endKm <= trip.km0) continue;
    drivenKm += endKm - trip.km0;
    for (const [code, km] of distanceByJurisdiction(roadSamples(plan, trip.km0, endKm))) {
      measured.set(code, (measured.get(code) ?? 0) + km);
    }
  }
  if (drivenKm === 0) return [];
  const measuredKm = [...measured.values()].reduce((sum, km) => sum + km, 0);
  // A trip too short for its samples to be apart: all of it where it started.
  if (measuredKm === 0) {
    const start = plan.route.at(livedTrips(plan, vehicle, until)[0]!.km0);
    return [{ jurisdiction: jurisdictionAt(start.lat, start.lng), km: drivenKm }];
  }
  return [...measured].map(([jurisdiction, km]) => ({ jurisdiction, km: (km * drivenKm) / measuredKm })).sort(byCode);
}

/** Points of the day's road from `fromKm` to `toKm`: both ends and every SAMPLE_KM between. */
function roadSamples(plan: DayPlan, fromKm: number, toKm: number): { latitude: number; longitude: number }[] {
  const steps = Math.max(1, Math.ceil((toKm - fromKm) / SAMPLE_KM));
  return Array.from({ length: steps + 1 }, (_, k) => {
    const point = plan.route.at(fromKm + ((toKm - fromKm) * k) / steps);
    return { latitude: point.lat, longitude: point.lng };
  });
}

/** Codes in order, the distance outside every jurisdiction last ("~" sorts after every code). */
const byCode = (a: JurisdictionKm, b: JurisdictionKm) => ((a.jurisdiction ?? "~") < (b.jurisdiction ?? "~") ? -1 : 1);
