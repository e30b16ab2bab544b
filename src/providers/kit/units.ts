import { round2 } from "../../lib/units";

/**
 * The units of wire-compat.md (km, litres, ms, km/h; numbers rounded to 2 decimals) and the
 * conversions from the ones providers send.
 */

export const KM_PER_MILE = 1.609344;
export const LITRES_PER_US_GALLON = 3.785411784;

export function round2OrUndefined(value: number | null | undefined): number | undefined {
  return value === null || value === undefined ? undefined : round2(value);
}

export { round2 };
