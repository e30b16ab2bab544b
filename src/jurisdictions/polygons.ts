/**
 * Decoded polygons in longitude/latitude degrees, and the two questions the lookup asks of one:
 * does it contain a point, and how far is a point from its edges.
 */

import { decodeRing, type EncodedPolygon } from "./boundary-format.ts";
import { KM_PER_DEGREE } from "./great-circle.ts";

export interface Polygon {
  /** The jurisdiction's code, or null for another country's land. */
  code: string | null;
  /** Outer ring then holes, each [lon0, lat0, lon1, lat1, …], closing point implied. */
  rings: readonly Float64Array[];
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export function decodePolygon(encoded: EncodedPolygon, code: string | null, unitsPerDegree: number): Polygon {
  const rings = encoded.map((ring) => decodeRing(ring, unitsPerDegree));
  const polygon = { code, rings, minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  // Holes lie inside the outer ring, so its box is the polygon's.
  const outer = rings[0]!;
  for (let i = 0; i < outer.length; i += 2) {
    polygon.minLon = Math.min(polygon.minLon, outer[i]!);
    polygon.maxLon = Math.max(polygon.maxLon, outer[i]!);
    polygon.minLat = Math.min(polygon.minLat, outer[i + 1]!);
    polygon.maxLat = Math.max(polygon.maxLat, outer[i + 1]!);
  }
  return polygon;
}

/** Even–odd rule over every ring, so a point in a hole is outside. */
export function containsPoint(polygon: Polygon, lon: number, lat: number): boolean {
  if (lon < polygon.minLon || lon > polygon.maxLon || lat < polygon.minLat || lat > polygon.maxLat) return false;
  let inside = false;
  for (const ring of polygon.rings) {
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const lonI = ring[i]!;
      const latI = ring[i + 1]!;
      const lonJ = ring[j]!;
      const latJ = ring[j + 1]!;
      if (latI > lat !== latJ > lat && lon < ((lonJ - lonI) * (lat - latI)) / (latJ - latI) + lonI) inside = !inside;
    }
  }
  return inside;
}

/**
 * Shortest distance in km from the point to the polygon's edges, measured on a plane tangent at
 * the point (x east, y north, km): within the tens of km the lookup asks about, its error is far
 * below the boundaries' own. Edges beyond `withinKm` may be skipped, so a result above it only
 * says "farther than withinKm".
 */
export function distanceToEdgesKm(polygon: Polygon, lon: number, lat: number, withinKm: number): number {
  const kmPerDegreeLon = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const ring of polygon.rings) {
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const ax = (ring[j]! - lon) * kmPerDegreeLon;
      const ay = (ring[j + 1]! - lat) * KM_PER_DEGREE;
      const bx = (ring[i]! - lon) * kmPerDegreeLon;
      const by = (ring[i + 1]! - lat) * KM_PER_DEGREE;
      const reach = Math.min(best, withinKm);
      // Both ends beyond the reach on the same side: the whole edge is.
      if ((ax > reach && bx > reach) || (ax < -reach && bx < -reach)) continue;
      if ((ay > reach && by > reach) || (ay < -reach && by < -reach)) continue;
      best = Math.min(best, distanceToOriginKm(ax, ay, bx, by));
    }
  }
  return best;
}

/** Distance from (0, 0) to the segment from a to b. */
function distanceToOriginKm(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  return Math.hypot(ax + t * dx, ay + t * dy);
}
