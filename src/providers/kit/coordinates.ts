import type { Location } from "../../model/normalized";

/**
 * A position, when both coordinates are there and in range: 0,0 is the "no fix" several
 * providers send (Verizon, MiX, TN360), not a place a vehicle reports.
 */
export function coordinates(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): Location | undefined {
  if (latitude == null || longitude == null || (latitude === 0 && longitude === 0)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}
