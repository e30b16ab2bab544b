import type { Location } from "../../model/normalized";
import { round2 } from "../kit/units";

/** Azuga's units are the contract's (km, km/h, epoch ms): only rounding and range checks here. */

export const isoOfMs = (ms: number) => new Date(ms).toISOString();

export const km = (value: number | null | undefined) =>
  value === null || value === undefined || value < 0 ? undefined : round2(value);

export function headingOf(value: number | null | undefined): number | undefined {
  return value === null || value === undefined || value < 0 || value > 360 ? undefined : round2(value);
}

/** A position, when both coordinates are there and not the 0,0 of "no fix". */
export function locationOf(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): Location | undefined {
  if (latitude == null || longitude == null) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return undefined;
  return { latitude, longitude };
}

/** The envelope's `data` as rows: Azuga's shapes vary per endpoint, so the first array found. */
export function rowsOf(data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (data && typeof data === "object") {
    for (const value of Object.values(data)) if (Array.isArray(value)) return value;
  }
  return undefined;
}
