/**
 * How boundaries.generated.ts stores the boundaries (scripts/build-jurisdictions.mjs writes them):
 * each ring as one string, Google's encoded polyline algorithm over integer coordinates.
 */

export type Country = "US" | "CA";

/** A polygon's rings, outer first then its holes, each an encoded ring. */
export type EncodedPolygon = readonly string[];

export interface JurisdictionBoundary {
  /** Two-letter postal code: USPS for the US, Canada Post for Canada. */
  code: string;
  country: Country;
  name: string;
  polygons: readonly EncodedPolygon[];
}

/**
 * A ring as [lon0, lat0, lon1, lat1, …] in degrees, the closing point implied. The string holds
 * the deltas from the previous point (the first from 0, 0), longitude then latitude, in units of
 * 1/unitsPerDegree degree: each zigzagged (sign in the lowest bit), in 5-bit groups from the
 * lowest, each group + 63 as a character, 0x20 set on every group but the last.
 */
export function decodeRing(encoded: string, unitsPerDegree: number): Float64Array {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (let i = 0; i < encoded.length; i++) {
    const group = encoded.charCodeAt(i) - 63;
    value |= (group & 0x1f) << shift;
    shift += 5;
    if (group < 0x20) {
      values.push(value & 1 ? ~(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  const ring = new Float64Array(values.length);
  let lon = 0;
  let lat = 0;
  for (let i = 0; i < values.length; i += 2) {
    lon += values[i]!;
    lat += values[i + 1]!;
    ring[i] = lon / unitsPerDegree;
    ring[i + 1] = lat / unitsPerDegree;
  }
  return ring;
}
