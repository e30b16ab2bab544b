import { describe, expect, it } from "vitest";
import { decodeRing } from "../../src/jurisdictions/boundary-format";
import { containsPoint, distanceToEdgesKm, type Polygon } from "../../src/jurisdictions/polygons";

/** A polygon from rings of [lon, lat] pairs. */
function polygon(...rings: [number, number][][]): Polygon {
  const lons = rings[0]!.map(([lon]) => lon);
  const lats = rings[0]!.map(([, lat]) => lat);
  return {
    code: "XX",
    rings: rings.map((ring) => Float64Array.from(ring.flat())),
    minLon: Math.min(...lons),
    minLat: Math.min(...lats),
    maxLon: Math.max(...lons),
    maxLat: Math.max(...lats),
  };
}

describe("decodeRing", () => {
  it("reads Google's encoded polyline example, pairs in the order they were written", () => {
    // The algorithm's documented example: (38.5, -120.2), (40.7, -120.95), (43.252, -126.453) at 1e5.
    expect([...decodeRing("_p~iF~ps|U_ulLnnqC_mqNvxq`@", 1e5)]).toEqual([
      38.5, -120.2, 40.7, -120.95, 43.252, -126.453,
    ]);
  });
});

describe("containsPoint", () => {
  const square = [
    [0, 0],
    [4, 0],
    [4, 4],
    [0, 4],
  ] as [number, number][];
  const hole = [
    [1, 1],
    [3, 1],
    [3, 3],
    [1, 3],
  ] as [number, number][];

  it("takes a point inside the outer ring and outside the holes", () => {
    const withHole = polygon(square, hole);
    expect(containsPoint(withHole, 0.5, 0.5)).toBe(true);
    expect(containsPoint(withHole, 3.5, 2)).toBe(true);
    expect(containsPoint(withHole, 2, 2)).toBe(false);
    expect(containsPoint(withHole, 5, 2)).toBe(false);
    expect(containsPoint(withHole, 2, -0.1)).toBe(false);
  });
});

describe("distanceToEdgesKm", () => {
  const square = polygon([
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ]);

  it("measures to the nearest edge on a plane around the point", () => {
    // 1° of latitude is 111.195 km on the mean sphere; the nearest edge from 0.5°N, 0°E is at 1°N.
    expect(distanceToEdgesKm(square, 0, 0.5, 1000)).toBeCloseTo(55.6, 1);
    // Outside, past a corner: the distance to the corner.
    expect(distanceToEdgesKm(square, 2, 2, 1000)).toBeCloseTo(
      Math.hypot(111.195, 111.195 * Math.cos((2 * Math.PI) / 180)),
      0,
    );
  });

  it("only promises 'beyond' for edges past the reach it was given", () => {
    expect(distanceToEdgesKm(square, 0, 0, 10)).toBeGreaterThan(10);
  });
});
