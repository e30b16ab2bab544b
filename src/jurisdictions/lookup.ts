/** Which IFTA jurisdiction a point is in, from the embedded boundaries. */

import { KM_PER_DEGREE } from "./great-circle.ts";
import { polygonIndex } from "./polygon-index.ts";
import { containsPoint, distanceToEdgesKm, type Polygon } from "./polygons.ts";

/**
 * How far outside every polygon a point may lie and still count in the nearest jurisdiction, in
 * km. The boundaries are coarser than the land: a coastal road, a bridge, a pier or a ferry
 * landing can fall a kilometre or more outside a simplified 1:50m coastline, small islands are
 * missing, and the US and Canadian sources leave slivers between them along the border. 25 km
 * covers those with room to spare while open ocean and the interior of other countries (whose
 * land is embedded too, so Tijuana is Mexico, not California) stay out of any jurisdiction.
 */
export const NEAREST_JURISDICTION_KM = 25;

// The polygon the last point was found in: a vehicle's consecutive points are mostly in the same
// one, and testing it first skips the index. Only a shortcut: the polygons do not overlap (the
// build clips the sources against each other), so the answer does not depend on it.
let lastFound: Polygon | undefined;

/**
 * The code of the jurisdiction containing the point ("TX", "ON"), else of the nearest one within
 * NEAREST_JURISDICTION_KM, else null (open sea, another country, not a number).
 */
export function jurisdictionAt(latitude: number, longitude: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (lastFound !== undefined && containsPoint(lastFound, longitude, latitude)) return lastFound.code;
  const { polygons, tree } = polygonIndex();
  for (const i of tree.search(longitude, latitude, longitude, latitude)) {
    const polygon = polygons[i]!;
    if (containsPoint(polygon, longitude, latitude)) {
      lastFound = polygon;
      return polygon.code;
    }
  }
  return nearestCode(latitude, longitude);
}

/** The code of the polygon whose edges are nearest the point, within NEAREST_JURISDICTION_KM. */
function nearestCode(latitude: number, longitude: number): string | null {
  const { polygons, tree } = polygonIndex();
  // The index measures in degrees, a degree of longitude as one of latitude. An edge within reach
  // is less than this many such degrees away: a degree of longitude is shortest at the latitude
  // farthest from the equator that is within reach.
  const farthestLatitude = Math.min(89, Math.abs(latitude) + NEAREST_JURISDICTION_KM / KM_PER_DEGREE);
  const reachDegrees = NEAREST_JURISDICTION_KM / (KM_PER_DEGREE * Math.cos((farthestLatitude * Math.PI) / 180));
  let nearestKm = NEAREST_JURISDICTION_KM;
  let code: string | null = null;
  for (const i of tree.neighbors(longitude, latitude, Infinity, reachDegrees)) {
    const polygon = polygons[i]!;
    const km = distanceToEdgesKm(polygon, longitude, latitude, nearestKm);
    if (km <= nearestKm) {
      nearestKm = km;
      code = polygon.code;
    }
  }
  return code;
}
