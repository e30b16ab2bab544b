import type { VerizonAddress } from "./payloads";

export { coordinates } from "../kit/coordinates";

/**
 * Small readers of Verizon values the mappers share, into the contract's units (wire-compat.md:
 * km, km/h, litres, ms; 2 decimals).
 */

/** Rounded to 2 decimals, cleaned of conversion noise first; `+ 0` turns -0 into 0. */
export function round2(value: number): number {
  return Math.round(Number(value.toFixed(6)) * 100) / 100 + 0;
}

/** A field only when the payload has a non-blank value for it. */
export function present<K extends string>(key: K, value: string | null | undefined): { [P in K]?: string } {
  const trimmed = value?.trim();
  return trimmed ? ({ [key]: trimmed } as { [P in K]?: string }) : {};
}

/**
 * An address as one line. `AddressLine1` often already holds the whole address [OBS]; the other
 * parts are added only when it does not contain them. A plain string (history points) as it is.
 */
export function addressLine(address: VerizonAddress | string | null | undefined): string | undefined {
  if (!address) return undefined;
  if (typeof address === "string") return address.trim() || undefined;
  const first = address.AddressLine1?.trim() ?? "";
  const parts = [
    address.AddressLine2,
    address.Locality,
    address.AdministrativeArea,
    address.PostalCode,
    address.Country,
  ]
    .map((part) => part?.trim() ?? "")
    .filter((part) => part && !first.includes(part));
  const line = [first, ...parts].filter(Boolean).join(", ");
  return line || undefined;
}

/** A speed in km/h (Verizon's unit [OBS]), when it is a real one. */
export function speedKmh(speed: number | null | undefined): number | undefined {
  return speed == null || speed < 0 ? undefined : round2(speed);
}
