import { KM_PER_MILE } from "../../kit/units";
import { DUTY_CYCLES } from "../catalog";
import type { VehicleProfile } from "../fleet-vehicles";
import { hash, Rng, SALT } from "../hash";
import { weekday } from "../time";
import { type EnergySpec, energySpec } from "./energy";

/** Heavy trucks drive at most this much a day (hours-of-service allow 11). */
const MAX_HEAVY_DRIVING_HOURS = 10.5;

/** What does not change about how a vehicle works from one day to the next. */
export type VehicleTraits = { vehicle: VehicleProfile; longHaul: boolean; energy: EnergySpec };

/**
 * The key a vehicle's memoized simulation (plans, odometer checkpoints, circuits) is kept under.
 * The profile is a function of the fleet's seed, the vehicle's index and its creation time, which
 * follows from the connection's: two connections of one account (one seed) created at different
 * times must not share a vehicle's memo.
 */
export function vehicleMemoKey(seed: number, vehicle: VehicleProfile): string {
  return `${seed}:${vehicle.record.index}:${vehicle.createdAt}`;
}

export function vehicleTraits(vehicle: VehicleProfile): VehicleTraits {
  return { vehicle, longHaul: vehicle.spec.vehicleClass === "heavy", energy: energySpec(vehicle) };
}

/**
 * A working day's totals, decided first and cheaply (one seeded draw, no geometry) so that the
 * odometer can add up years of days in microseconds; day-plan.ts then builds routes and a
 * timeline that realize them exactly. Whole seconds throughout.
 */
export type DayBudget = {
  km: number;
  drivingSeconds: number;
  idlingSeconds: number;
  /** The shift's planned start, seconds after midnight UTC (10:00–14:00). */
  shiftStartSecond: number;
  /** Litres (kWh) per km this day: the rated economy, a little better or worse. */
  perKm: number;
  /** Litres (kWh) burnt by the whole day. */
  consumption: number;
  /** An electric vehicle's charge when it leaves in the morning (it charges overnight), percent. */
  morningChargePercent: number;
};

/** Days whose draws come from one seeded stream: a year of days costs a dozen hashes, not hundreds. */
const BLOCK_DAYS = 32;
/** Every day takes exactly this many values from its block's stream, worked or not. */
const DRAWS_PER_DAY = 7;

/**
 * A vehicle's crew works at most this many days in a row; the next day is off even if its draw
 * says otherwise. A day off between two working days is a 34-hour rest (days end by midnight and
 * start after 10:00), which restarts the drivers' 70-hour/8-day cycle, and five days of at most
 * 14 hours on duty stay within it.
 */
const MAX_WORKING_DAYS_IN_A_ROW = 5;

/**
 * The day's totals, or none on a day off: weekdays are 92 % worked and weekend days 30 %, but
 * never more than MAX_WORKING_DAYS_IN_A_ROW in a row (within a run of days drawn as worked, every
 * sixth is off).
 */
export function dayBudget(seed: number, traits: VehicleTraits, day: number): DayBudget | undefined {
  const rng = blockStream(seed, traits, day);
  for (let skip = (day - blockOf(day) * BLOCK_DAYS) * DRAWS_PER_DAY; skip > 0; skip--) rng.next();
  const drawn = drawDay(rng, traits, day);
  return drawn && !restDue(drawnRunBefore(seed, traits, day)) ? drawn : undefined;
}

/** Calls `visit` with the budget of every day in [from, to), in order, for a fraction of dayBudget's cost each. */
export function forEachDay(
  seed: number,
  traits: VehicleTraits,
  from: number,
  to: number,
  visit: (budget: DayBudget) => void,
): void {
  let rng: Rng | undefined;
  let run = from < to ? drawnRunBefore(seed, traits, from) : 0;
  for (let day = from; day < to; day++) {
    if (!rng || day % BLOCK_DAYS === 0) {
      rng = blockStream(seed, traits, day);
      for (let skip = (day - blockOf(day) * BLOCK_DAYS) * DRAWS_PER_DAY; skip > 0; skip--) rng.next();
    }
    const budget = drawDay(rng, traits, day);
    if (budget && !restDue(run)) visit(budget);
    run = budget ? run + 1 : 0;
  }
}

/** Whether a day drawn as worked is off: the sixth, twelfth, ... of a run of days drawn as worked. */
function restDue(drawnBefore: number): boolean {
  return drawnBefore % (MAX_WORKING_DAYS_IN_A_ROW + 1) === MAX_WORKING_DAYS_IN_A_ROW;
}

/** How many days right before `day` were drawn as worked, back to the last drawn off (block by block, most often one). */
function drawnRunBefore(seed: number, traits: VehicleTraits, day: number): number {
  let run = 0;
  for (let block = blockOf(day - 1); ; block--) {
    const rng = new Rng(hash(seed, SALT.day, traits.vehicle.record.index, block));
    const worked: boolean[] = [];
    for (let index = 0; index < BLOCK_DAYS; index++) {
      const blockDay = block * BLOCK_DAYS + index;
      worked.push(drawsWorked(rng, blockDay));
      for (let skip = 1; skip < DRAWS_PER_DAY; skip++) rng.next();
    }
    for (let index = Math.min(BLOCK_DAYS, day - block * BLOCK_DAYS) - 1; index >= 0; index--) {
      if (!worked[index]) return run;
      run++;
    }
  }
}

function blockOf(day: number): number {
  return Math.floor(day / BLOCK_DAYS);
}

function blockStream(seed: number, traits: VehicleTraits, day: number): Rng {
  return new Rng(hash(seed, SALT.day, traits.vehicle.record.index, blockOf(day)));
}

/** The day's first draw: whether it is drawn as worked. */
function drawsWorked(rng: Rng, day: number): boolean {
  const weekend = weekday(day) === 0 || weekday(day) === 6;
  return rng.next() < (weekend ? 0.3 : 0.92);
}

/** One day's budget from the stream as drawn (a day drawn as worked), taking exactly DRAWS_PER_DAY values. */
function drawDay(rng: Rng, traits: VehicleTraits, day: number): DayBudget | undefined {
  const { vehicle, energy, longHaul } = traits;
  const works = drawsWorked(rng, day);
  // Six draws, taken whether the day is worked or not: the next day's start in the stream stays put.
  const milesDraw = rng.next();
  const speedDraw = rng.next();
  const idleDraw = rng.next();
  const shiftDraw = rng.next();
  const economyDraw = rng.next();
  const chargeDraw = rng.next();
  if (!works) return undefined;
  const duty = DUTY_CYCLES[vehicle.spec.vehicleClass];
  const km = between(milesDraw, duty.milesPerDay[0], duty.milesPerDay[1]) * KM_PER_MILE;
  let kph = between(speedDraw, duty.averageMph[0], duty.averageMph[1]) * KM_PER_MILE;
  if (longHaul) kph = Math.max(kph, km / MAX_HEAVY_DRIVING_HOURS);
  const drivingSeconds = Math.round((km / kph) * 3600);
  const idlingSeconds = Math.round(
    drivingSeconds * (longHaul ? between(idleDraw, 0.05, 0.15) : between(idleDraw, 0.08, 0.3)),
  );
  const perKm = energy.perKm / between(economyDraw, 0.92, 1.08);
  return {
    km,
    drivingSeconds,
    idlingSeconds,
    shiftStartSecond: 10 * 3600 + Math.floor(shiftDraw * 4 * 3600),
    perKm,
    consumption: km * perKm + (idlingSeconds / 3600) * energy.perIdleHour,
    morningChargePercent: between(chargeDraw, 80, 100),
  };
}

/** A uniform draw in [0, 1) mapped onto [min, max). */
function between(draw: number, min: number, max: number): number {
  return min + draw * (max - min);
}
