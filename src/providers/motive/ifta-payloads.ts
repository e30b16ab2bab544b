import { JURISDICTIONS } from "../../jurisdictions/jurisdictions";

/**
 * Motive's IFTA trips as the iftaSummaries model reads them (providers-families.md 2.4):
 * `GET /v1/ifta/trips`, wrapped as `ifta_trips[].ifta_trip`, each a vehicle's distance in one
 * jurisdiction on one day. The record's schema is `motiveIftaTrip` (payloads.ts), the same one
 * utilization reads its distances with: its id, `date` (YYYY-MM-DD), `jurisdiction`, `vehicle`
 * with its `metric_units` (required: the distance is in the vehicle's own units, km or miles,
 * whatever `X-Metric-Units` asked) and `distance`. Odometers, coordinates and `time_zone` are
 * not read.
 */

export const IFTA_TRIPS_PATH = "/v1/ifta/trips";
export const IFTA_TRIPS = { list: "ifta_trips", item: "ifta_trip" } as const;

/**
 * Days one request spans at most. Motive refuses IFTA ranges over 3 months (observed;
 * providers-families.md 5); 89 days counted inclusively are within 3 months of any first day
 * (February to April is the shortest three), however Motive counts them.
 */
export const IFTA_SPAN_DAYS = 89;

const IFTA_CODES: ReadonlySet<string> = new Set(JURISDICTIONS.map((jurisdiction) => jurisdiction.code));

/**
 * A trip's `jurisdiction` as an IFTA jurisdiction: its two-letter US or Canadian postal code
 * (Motive's codes, read case-insensitively), or null when it has none or names somewhere that
 * is no IFTA jurisdiction (a Mexican state, say), which the summary counts as outside every one.
 * The raw payload keeps what Motive sent.
 */
export function iftaJurisdiction(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && IFTA_CODES.has(code) ? code : null;
}
