import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { haversineKm, type LatLon, pointAlong } from "../../src/jurisdictions/great-circle";
import { JURISDICTIONS } from "../../src/jurisdictions/jurisdictions";
import { jurisdictionAt } from "../../src/jurisdictions/lookup";
import { distanceByJurisdiction } from "../../src/jurisdictions/path-distance";

const DALLAS = { latitude: 32.7767, longitude: -96.797 };
const OKLAHOMA_CITY = { latitude: 35.4676, longitude: -97.5164 };
const DENVER = { latitude: 39.7392, longitude: -104.9903 };
const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };

const pathKm = (points: readonly LatLon[]) =>
  points.slice(1).reduce((sum, point, i) => sum + haversineKm(points[i]!, point), 0);
const sum = (totals: Map<string | null, number>) => [...totals.values()].reduce((a, b) => a + b, 0);

/** The km of the leg from `start` to `end` in each jurisdiction, by looking up a point every `stepKm`. */
function sampledKm(start: LatLon, end: LatLon, stepKm: number): Map<string | null, number> {
  const km = haversineKm(start, end);
  const steps = Math.ceil(km / stepKm);
  const totals = new Map<string | null, number>();
  for (let i = 0; i < steps; i++) {
    const { latitude, longitude } = pointAlong(start, end, (i + 0.5) / steps);
    const code = jurisdictionAt(latitude, longitude);
    totals.set(code, (totals.get(code) ?? 0) + km / steps);
  }
  return totals;
}

describe("distanceByJurisdiction", () => {
  it("splits a straight leg from Dallas to Oklahoma City where it crosses the Red River", () => {
    const totals = distanceByJurisdiction([DALLAS, OKLAHOMA_CITY]);
    const totalKm = haversineKm(DALLAS, OKLAHOMA_CITY);
    expect([...totals.keys()].sort()).toEqual(["OK", "TX"]);
    expect(sum(totals)).toBeCloseTo(totalKm, 9);

    // The Red River is crossed between 33.7 and 33.9°N on this line.
    const texasKm = totals.get("TX")!;
    const crossing = pointAlong(DALLAS, OKLAHOMA_CITY, texasKm / totalKm);
    expect(crossing.latitude).toBeGreaterThan(33.7);
    expect(crossing.latitude).toBeLessThan(33.9);
    // And found to within metres: 20 m before the split the leg is in Texas, 20 m after it in Oklahoma.
    const before = pointAlong(DALLAS, OKLAHOMA_CITY, (texasKm - 0.02) / totalKm);
    const after = pointAlong(DALLAS, OKLAHOMA_CITY, (texasKm + 0.02) / totalKm);
    expect(jurisdictionAt(before.latitude, before.longitude)).toBe("TX");
    expect(jurisdictionAt(after.latitude, after.longitude)).toBe("OK");
  });

  it("finds each border a long leg crosses, as a point-by-point walk along it does", () => {
    const totals = distanceByJurisdiction([DENVER, CHICAGO]);
    const sampled = sampledKm(DENVER, CHICAGO, 0.5);
    expect(new Set(totals.keys())).toEqual(new Set(sampled.keys()));
    expect([...totals.keys()]).toEqual(expect.arrayContaining(["CO", "NE", "IA", "IL"]));
    for (const [code, km] of sampled) expect(Math.abs(totals.get(code)! - km)).toBeLessThan(1);
    expect(sum(totals)).toBeCloseTo(haversineKm(DENVER, CHICAGO), 9);
  });

  it("counts a path that stays in one state whole in that state", () => {
    const path = [
      { latitude: 30.2672, longitude: -97.7431 },
      { latitude: 29.4241, longitude: -98.4936 },
      { latitude: 29.7604, longitude: -95.3698 },
      { latitude: 29.7604, longitude: -95.3698 },
    ];
    const totals = distanceByJurisdiction(path);
    expect([...totals.keys()]).toEqual(["TX"]);
    expect(totals.get("TX")).toBeCloseTo(pathKm(path), 9);
  });

  it("has nothing to count for fewer than two points", () => {
    expect(distanceByJurisdiction([])).toEqual(new Map());
    expect(distanceByJurisdiction([DALLAS])).toEqual(new Map());
  });

  it("adds up to the path's great-circle length, over known jurisdictions, for any path in the US and Canada", () => {
    const codes = new Set<string | null>([null, ...JURISDICTIONS.map((jurisdiction) => jurisdiction.code)]);
    const point = fc
      .record({
        latitude: fc.double({ min: 25, max: 60, noNaN: true }),
        longitude: fc.double({ min: -125, max: -60, noNaN: true }),
      })
      .filter(({ latitude, longitude }) => jurisdictionAt(latitude, longitude) !== null);
    fc.assert(
      fc.property(fc.array(point, { minLength: 2, maxLength: 12 }), (path) => {
        const totals = distanceByJurisdiction(path);
        const expected = pathKm(path);
        expect(Math.abs(sum(totals) - expected)).toBeLessThanOrEqual(expected * 1e-9);
        for (const [code, km] of totals) {
          expect(codes.has(code)).toBe(true);
          expect(km).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 60 },
    );
  });
});
