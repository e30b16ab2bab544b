import { hash, Rng, SALT } from "../hash";
import { dayOf } from "../time";
import { forEachDay, type VehicleTraits, vehicleMemoKey } from "./budget";

/**
 * What a vehicle has done since the start of the day it joined the fleet (its epoch): km
 * driven, litres (kWh) burnt, engine run time. Each is the sum of the days' budgets, which the
 * day plans realize exactly, so the odometer advances by exactly the distance driven.
 */
export type Lifetime = { km: number; consumed: number; runtimeMs: number };

/** Days between memoized checkpoints: a day's lifetime costs at most this many budget draws once the vehicle is known. */
const CHECKPOINT_DAYS = 64;
/** Vehicles whose checkpoints stay memoized (about 0.5 KB each). */
const MEMO_VEHICLES = 4096;

/** Per vehicle (seed and index), the lifetime at epoch + k × CHECKPOINT_DAYS, flattened as triples. */
const checkpoints = new Map<string, number[]>();

/** The vehicle's lifetime at the start (00:00 UTC) of `day`; zero on and before its epoch. */
export function lifetimeAtDayStart(seed: number, traits: VehicleTraits, day: number): Lifetime {
  const epoch = dayOf(traits.vehicle.createdAt);
  if (day <= epoch) return { km: 0, consumed: 0, runtimeMs: 0 };
  const points = checkpointsOf(seed, traits);
  const wanted = Math.floor((day - epoch) / CHECKPOINT_DAYS);
  while (points.length / 3 <= wanted) {
    const k = points.length / 3 - 1;
    const next = addDays(seed, traits, epoch + k * CHECKPOINT_DAYS, CHECKPOINT_DAYS, lifetimeAt(points, k));
    points.push(next.km, next.consumed, next.runtimeMs);
  }
  const from = epoch + wanted * CHECKPOINT_DAYS;
  return addDays(seed, traits, from, day - from, lifetimeAt(points, wanted));
}

/** What the vehicle had done before it joined the fleet: used vehicles arrive with a history. */
export function lifetimeBefore(seed: number, traits: VehicleTraits): Lifetime {
  const { vehicle } = traits;
  const rng = new Rng(hash(seed, SALT.lifeBase, vehicle.record.index));
  const age = Math.max(0, new Date(vehicle.createdAt).getUTCFullYear() - vehicle.year) + rng.next();
  const yearlyKm = traits.longHaul ? 160_000 : 35_000;
  const km = Math.round((age * yearlyKm * rng.float(0.5, 1.2, 3) + rng.float(5, 800, 1)) * 10) / 10;
  const averageKph = traits.longHaul ? 75 : 40;
  return {
    km,
    consumed: km * traits.energy.perKm * 1.05,
    runtimeMs: Math.round((km / averageKph) * 1.2 * 3600) * 1000,
  };
}

function checkpointsOf(seed: number, traits: VehicleTraits): number[] {
  const key = vehicleMemoKey(seed, traits.vehicle);
  let points = checkpoints.get(key);
  if (points) {
    // Most recently used last, so the oldest is evicted first.
    checkpoints.delete(key);
  } else {
    points = [0, 0, 0];
    if (checkpoints.size >= MEMO_VEHICLES) checkpoints.delete(checkpoints.keys().next().value!);
  }
  checkpoints.set(key, points);
  return points;
}

function lifetimeAt(points: readonly number[], k: number): Lifetime {
  return { km: points[3 * k]!, consumed: points[3 * k + 1]!, runtimeMs: points[3 * k + 2]! };
}

function addDays(seed: number, traits: VehicleTraits, from: number, days: number, start: Lifetime): Lifetime {
  const total = { ...start };
  forEachDay(seed, traits, from, from + days, (budget) => {
    total.km += budget.km;
    total.consumed += budget.consumption;
    total.runtimeMs += (budget.drivingSeconds + budget.idlingSeconds) * 1000;
  });
  return total;
}
