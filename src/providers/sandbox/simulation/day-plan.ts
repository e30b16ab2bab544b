import type { VehicleProfile } from "../fleet-vehicles";
import { hash, Rng, SALT } from "../hash";
import { DAY_MS, SECOND_MS } from "../time";
import { type DayBudget, dayBudget, type VehicleTraits, vehicleMemoKey, vehicleTraits } from "./budget";
import type { DayRoute, StopKind } from "./day-route";
import { type Segment, timeline } from "./day-timeline";
import { type FuelGauge, fuelGauge, MAX_GROUP_SHARE } from "./energy";
import { localRoute } from "./local-tour";
import { longHaulRoute } from "./long-haul";
import { type Lifetime, lifetimeAtDayStart } from "./odometer";
import { splitWhole } from "./split";
import { type TripCut, tripCuts } from "./trip-cuts";

/** A vehicle's working day: its route, its timeline, and where its life's totals stood that morning. */
export type DayPlan = {
  seed: number;
  day: number;
  traits: VehicleTraits;
  budget: DayBudget;
  route: DayRoute;
  segments: readonly Segment[];
  trips: readonly Segment[];
  lifetime: Lifetime;
  gauge: FuelGauge;
  /** Litres (kWh) burnt per ms of idling. */
  perIdleMs: number;
};

/** Long-haul trips end at a break at least every 250 km (about 2.5 hours). */
const MAX_HEAVY_TRIP_KM = 250;
/** Trips are cut so one trip burns at most this share of the tank, leaving room for the idling before it. */
const MAX_TRIP_SHARE = MAX_GROUP_SHARE - 0.04;
/** A day from its first warm-up to its last idle fits between 10:00 and 23:59 UTC. */
const MAX_SPAN_S = 13.5 * 3600;
const LAST_END_S = 86_400 - 60;
const MIN_STOP_S = 60;
/** The 30 minutes off the wheel the hours-of-service rules ask for within 8 hours of driving. */
const BREAK_S = 30 * 60;
const BREAK_DUE_S = 8 * 3600;
const MIN_TRIP_S = 60;
const MEMO_PLANS = 2048;

// Memoized per isolate: a page of breadcrumbs, stats and trips of one vehicle-day asks for its plan many times.
const plans = new Map<string, DayPlan | null>();

/**
 * The vehicle's plan for a UTC day, or none on a day off: a pure function of (seed, vehicle,
 * day), the one timeline every family is read from. Its budget (budget.ts) fixes the day's km,
 * driving and idling seconds; its route (local-tour.ts, long-haul.ts) is exactly that long and
 * says where the work stops it; the route is cut into trips at those stops, at breaks, and so
 * that a refill can always come before the tank or battery would fall below 20 %; the budget's
 * seconds are shared out among the trips and stops, and the whole laid out from the shift's start.
 */
export function dayPlan(seed: number, vehicle: VehicleProfile, day: number): DayPlan | undefined {
  const key = `${vehicleMemoKey(seed, vehicle)}:${day}`;
  let plan = plans.get(key);
  if (plan === undefined) {
    plan = buildPlan(seed, vehicleTraits(vehicle), day) ?? null;
    if (plans.size >= MEMO_PLANS) plans.delete(plans.keys().next().value!);
    plans.set(key, plan);
  }
  return plan ?? undefined;
}

function buildPlan(seed: number, traits: VehicleTraits, day: number): DayPlan | undefined {
  const budget = dayBudget(seed, traits, day);
  if (!budget) return undefined;
  const { energy } = traits;
  const lifetime = lifetimeAtDayStart(seed, traits, day);
  const route = traits.longHaul
    ? longHaulRoute(seed, traits, lifetime.km, budget.km)
    : localRoute(seed, traits, day, budget.km);
  const rng = new Rng(hash(seed, SALT.plan, traits.vehicle.record.index, day));
  const maxTripKm = Math.min(
    traits.longHaul ? MAX_HEAVY_TRIP_KM : Number.POSITIVE_INFINITY,
    (MAX_TRIP_SHARE * energy.capacity) / budget.perKm,
  );
  const cuts = tripCuts(route, maxTripKm);
  // Each trip takes a minute at least: a truck parked just short of its depot still has to pull in.
  const driveS = splitWhole(
    budget.drivingSeconds,
    cuts.map((cut) => cut.toKm - cut.fromKm),
    MIN_TRIP_S,
  );
  // Idling: a warm-up before the first trip, some at each stop, a little at the end.
  const idleS = splitWhole(budget.idlingSeconds, cuts.map(() => rng.float(0.2, 1, 3)).concat(rng.float(0.1, 0.5, 3)));
  const offS = cuts.map((cut) => (cut.stopAfter ? stopSeconds(cut.stopAfter, traits, rng) : 0));
  const gauge = energy.electric
    ? fuelGauge(energy.capacity, 0, budget.morningChargePercent)
    : fuelGauge(energy.capacity, lifetime.consumed + fuelPhase(seed, traits), 100);
  const perIdleMs = energy.perIdleHour / 3_600_000;
  const refills = plannedRefills(cuts, idleS, budget.perKm, perIdleMs * SECOND_MS, gauge);
  const refillS = refills.map((count) => count * refillSeconds(traits, rng));
  fitSpan(offS, stopFloors(offS, driveS), [...driveS, ...idleS, ...refillS]);
  const span = [...driveS, ...idleS, ...offS, ...refillS].reduce((sum, s) => sum + s, 0);
  const startS = Math.max(0, Math.min(budget.shiftStartSecond, LAST_END_S - span));
  const segments = timeline({
    start: day * DAY_MS + startS * SECOND_MS,
    cuts,
    driveS,
    idleS,
    offS,
    refills,
    refillS,
    perKm: budget.perKm,
    perIdleMs,
    highway: traits.longHaul,
    rng,
  });
  return {
    seed,
    day,
    traits,
    budget,
    route,
    segments,
    trips: segments.filter((segment) => segment.kind === "drive"),
    lifetime,
    gauge,
    perIdleMs,
  };
}

/**
 * How many refills to make at each stop (0 before the first trip, ..., one at the end of the
 * day): one at the stop before the idling and trip during which the level would fall below 20 %.
 */
function plannedRefills(cuts: TripCut[], idleS: number[], perKm: number, perIdleS: number, gauge: FuelGauge): number[] {
  let consumed = 0;
  return idleS.map((idle, stop) => {
    const before = consumed;
    const trip = cuts[stop];
    consumed += idle * perIdleS + (trip ? (trip.toKm - trip.fromKm) * perKm : 0);
    return gauge.dueBetween(before, consumed);
  });
}

/**
 * How short each stop may be made: a minute, or 30 minutes at the stops where the driver takes
 * the break due within 8 hours of driving (the last stop before the next trip would pass them),
 * which is made that long if it was shorter. A day starts after a night's rest, so its driving
 * is counted from its first trip.
 */
function stopFloors(offS: number[], driveS: readonly number[]): number[] {
  const floors: number[] = offS.map((s) => (s > 0 ? MIN_STOP_S : 0));
  let sinceBreak = 0;
  for (let trip = 0; trip < driveS.length; trip++) {
    sinceBreak += driveS[trip]!;
    if (offS[trip]! > 0 && sinceBreak + (driveS[trip + 1] ?? 0) > BREAK_DUE_S) {
      offS[trip] = Math.max(offS[trip]!, BREAK_S);
      floors[trip] = BREAK_S;
      sinceBreak = 0;
    }
  }
  return floors;
}

/** Shortens the stops (not below their floors) when the day would not fit in its hours otherwise. */
function fitSpan(offS: number[], floors: readonly number[], fixed: number[]): void {
  const fixedS = fixed.reduce((sum, s) => sum + s, 0);
  const stopsS = offS.reduce((sum, s) => sum + s, 0);
  if (fixedS + stopsS <= MAX_SPAN_S || stopsS === 0) return;
  const floorsS = floors.reduce((sum, s) => sum + s, 0);
  const factor = Math.max(0, (MAX_SPAN_S - fixedS - floorsS) / (stopsS - floorsS));
  offS.forEach((s, i) => {
    if (s > 0) offS[i] = floors[i]! + Math.floor((s - floors[i]!) * Math.min(1, factor));
  });
}

/** How long the engine is off at a stop: deliveries and service calls, or a driver's break. */
function stopSeconds(kind: StopKind, traits: VehicleTraits, rng: Rng): number {
  if (kind === "delivery") return traits.longHaul ? rng.int(30 * 60, 90 * 60) : rng.int(5 * 60, 30 * 60);
  return traits.longHaul ? rng.int(BREAK_S, 45 * 60) : rng.int(5 * 60, 15 * 60);
}

function refillSeconds(traits: VehicleTraits, rng: Rng): number {
  if (traits.energy.electric) return rng.int(30 * 60, 50 * 60);
  return traits.longHaul ? rng.int(15 * 60, 25 * 60) : rng.int(7 * 60, 15 * 60);
}

/** Where in the tank's cycle of refills the vehicle was when it joined the fleet (litres). */
function fuelPhase(seed: number, traits: VehicleTraits): number {
  return new Rng(hash(seed, SALT.gauge, traits.vehicle.record.index)).next() * 0.8 * traits.energy.capacity;
}
