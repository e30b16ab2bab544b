/** Every polygon of the embedded boundaries, decoded, with a spatial index over their boxes. */

import Flatbush from "flatbush";
import { FOREIGN_LAND, JURISDICTION_BOUNDARIES, UNITS_PER_DEGREE } from "./boundaries.generated.ts";
import { decodePolygon, type Polygon } from "./polygons.ts";

export interface PolygonIndex {
  /** The jurisdictions' polygons, then the other countries' land. */
  polygons: readonly Polygon[];
  /** Item i is the box of polygons[i], x longitude and y latitude. */
  tree: Flatbush;
}

// Decoding some 35,000 points and packing the tree takes milliseconds: done on the first lookup and
// kept for the isolate's life, so requests after the first pay nothing for it.
let cached: PolygonIndex | undefined;

export function polygonIndex(): PolygonIndex {
  cached ??= buildIndex();
  return cached;
}

function buildIndex(): PolygonIndex {
  const polygons = [
    ...JURISDICTION_BOUNDARIES.flatMap((boundary) =>
      boundary.polygons.map((polygon) => decodePolygon(polygon, boundary.code, UNITS_PER_DEGREE)),
    ),
    ...FOREIGN_LAND.map((polygon) => decodePolygon(polygon, null, UNITS_PER_DEGREE)),
  ];
  const tree = new Flatbush(polygons.length);
  for (const polygon of polygons) tree.add(polygon.minLon, polygon.minLat, polygon.maxLon, polygon.maxLat);
  tree.finish();
  return { polygons, tree };
}
