import { KM_PER_MILE } from "../../kit/units";
import { DUTY_CYCLES, type VehicleClass } from "../catalog";
import type { VehicleProfile } from "../fleet-vehicles";
import { LITRES_PER_GALLON } from "../units";

/**
 * What a vehicle burns and carries: litres of fuel in a tank, or kWh in an electric vehicle's
 * battery. Both use the same rule for refilling (fuelGauge), in their own unit.
 */
export type EnergySpec = {
  electric: boolean;
  /** Tank (litres) or battery (kWh). */
  capacity: number;
  /** Litres (kWh) per km at the vehicle's rated economy. */
  perKm: number;
  /** Litres (kWh, for the cabin's heating or cooling) per hour of idling. */
  perIdleHour: number;
};

/** Usable battery and consumption of the electric models of catalog.ts, by class. */
const BATTERIES: Partial<Record<VehicleClass, { kwh: number; kwhPerKm: number }>> = {
  van: { kwh: 68, kwhPerKm: 0.33 },
  pickup: { kwh: 131, kwhPerKm: 0.3 },
  car: { kwh: 70, kwhPerKm: 0.17 },
};
const CABIN_KW = 1.5;

/** Refills are planned when the level would fall below this share of the capacity... */
export const LOW_SHARE = 0.2;
/** ...and add this share of it (a fill-up of what is left above 20 %, or a DC fast charge). */
export const REFILL_SHARE = 0.6;
/**
 * What one trip and the idling before it may burn at most, as a share of the capacity: with a
 * refill planned at the stop before a trip that would cross 20 %, the level stays in [20 %, 100 %].
 */
export const MAX_GROUP_SHARE = 1 - LOW_SHARE - REFILL_SHARE;

export function energySpec(vehicle: VehicleProfile): EnergySpec {
  const battery = BATTERIES[vehicle.spec.vehicleClass] ?? { kwh: 100, kwhPerKm: 0.35 };
  if (vehicle.economyMpg === undefined || vehicle.tankGallons === undefined) {
    return { electric: true, capacity: battery.kwh, perKm: battery.kwhPerKm, perIdleHour: CABIN_KW };
  }
  const hybrid = vehicle.spec.fuel.startsWith("hybrid") ? 0.3 : 1;
  return {
    electric: false,
    capacity: vehicle.tankGallons * LITRES_PER_GALLON,
    perKm: LITRES_PER_GALLON / (vehicle.economyMpg * KM_PER_MILE),
    perIdleHour: DUTY_CYCLES[vehicle.spec.vehicleClass].idleGallonsPerHour * LITRES_PER_GALLON * hybrid,
  };
}

/**
 * The level of a tank or battery over a day, from what it has burnt. Refill k falls due when
 * the consumption F reaches `(base − 20 %) × capacity + (k − 1) × refill`, and each adds the
 * same amount, so the level is a closed-form function of F and the number of refills done, with
 * no history to replay: for a fuel tank F counts over the vehicle's life (from `consumedBefore`,
 * the burn of all the days before), for a battery charged every night it starts again each day.
 */
export type FuelGauge = {
  capacity: number;
  /** How many refills fall due while the day's consumption goes from `from` to `to` (exclusive, inclusive). */
  dueBetween(from: number, to: number): number;
  /** The level in percent after burning `consumed` today and refilling `refills` times today. */
  percent(consumed: number, refills: number): number;
};

export function fuelGauge(capacity: number, consumedBefore: number, basePercent: number): FuelGauge {
  const refill = REFILL_SHARE * capacity;
  const first = (basePercent / 100 - LOW_SHARE) * capacity;
  const dueBy = (consumed: number) => (consumed < first ? 0 : Math.floor((consumed - first) / refill) + 1);
  const doneBefore = dueBy(consumedBefore);
  return {
    capacity,
    dueBetween: (from, to) => dueBy(consumedBefore + to) - dueBy(consumedBefore + from),
    percent: (consumed, refills) =>
      100 * (basePercent / 100 - (consumedBefore + consumed) / capacity + ((doneBefore + refills) * refill) / capacity),
  };
}
