import type { FuelType } from "../../model/normalized";
import { round2 } from "../kit/units";

export { coordinates } from "../kit/coordinates";

/** Small readers of MiX values the mappers share (already km, km/h, litres: only rounding). */

/** A field only when the payload has a non-blank value for it. */
export function present<K extends string>(key: K, value: string | null | undefined): { [P in K]?: string } {
  const trimmed = value?.trim();
  return trimmed ? ({ [key]: trimmed } as { [P in K]?: string }) : {};
}

/** A number rounded to 2 decimals, when present and not negative. */
export function amount<K extends string>(key: K, value: number | null | undefined): { [P in K]?: number } {
  return value != null && Number.isFinite(value) && value >= 0
    ? ({ [key]: round2(value) } as { [P in K]?: number })
    : {};
}

/** MiX's `FuelType` names (the SDK's enum: Petrol, Diesel, Electric, LPG, Hybrid…) → the contract's. */
const FUEL_TYPES: Readonly<Record<string, FuelType>> = {
  petrol: "gasoline",
  gasoline: "gasoline",
  diesel: "diesel",
  electric: "electric",
  lpg: "propane",
  hybrid: "hybrid_gasoline",
};

export function fuelTypeOf(value: string | null | undefined): FuelType | undefined {
  const key = value?.trim().toLowerCase() ?? "";
  return Object.hasOwn(FUEL_TYPES, key) ? FUEL_TYPES[key] : undefined;
}

/** A driver id, when it names one (MiX uses 0 for "no driver"). */
export const driverIdOf = (id: string | null | undefined) => (id && id !== "0" ? id : undefined);
