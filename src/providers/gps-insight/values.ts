import type { EngineState, FuelType } from "../../model/normalized";
import { nonBlank } from "../kit/parse";
import { KM_PER_MILE, round2 } from "../kit/units";

/** GPS Insight's US units to the contract's: miles → km, mph → km/h (2 decimals). */
export const kmOfMiles = (miles: number | null | undefined) =>
  miles === null || miles === undefined ? undefined : round2(miles * KM_PER_MILE);
export const kmhOfMph = kmOfMiles;

/** `fuel_type` as the vehicle's details write it ("Diesel", "Gasoline", "Unleaded", "Electric", …). */
export function fuelTypeOf(value: string | null | undefined): FuelType | undefined {
  const text = nonBlank(value)?.toLowerCase();
  if (!text) return undefined;
  if (text.includes("hybrid")) return text.includes("diesel") ? "hybrid_diesel" : "hybrid_gasoline";
  if (text.includes("diesel")) return "diesel";
  if (text.includes("electric") || text === "ev") return "electric";
  if (text.includes("propane") || text === "lpg") return "propane";
  if (text.includes("gas") || text.includes("unleaded") || text.includes("petrol")) return "gasoline";
  return undefined;
}

/** `ignition` is "on", "off" or " " (unknown). */
export function engineStateOf(ignition: string | null | undefined): EngineState | undefined {
  const text = nonBlank(ignition)?.toLowerCase();
  return text === "on" || text === "off" ? text : undefined;
}

/** A driver reference: absent, blank and 0 mean no driver. */
export function driverIdOf(value: string | null | undefined): string | undefined {
  const text = nonBlank(value);
  return text === undefined || text === "0" ? undefined : text;
}

/** A heading in degrees, 0–360, when one is given. */
export function headingOf(value: number | null | undefined): number | undefined {
  return value === null || value === undefined || value < 0 || value > 360 ? undefined : round2(value);
}
