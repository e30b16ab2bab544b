/**
 * The `near` filter of the MCP location tools (src/mcp/near.ts): great-circle distances against
 * published city distances, the radius filter's order and rounding, and its argument checks.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/http/errors";
import { checkNear, distanceKm, withinRadius } from "../../src/mcp/near";

const DALLAS = { latitude: 32.7767, longitude: -96.797 };
const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
const PARIS = { latitude: 48.8566, longitude: 2.3522 };
const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };
const LOS_ANGELES = { latitude: 34.0522, longitude: -118.2437 };

const within = (actual: number, expected: number, tolerance: number) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(tolerance);

describe("distanceKm", () => {
  it("gives the great-circle distances between cities within 1 %", () => {
    within(distanceKm(DALLAS, HOUSTON), 362, 0.01);
    within(distanceKm(LONDON, PARIS), 344, 0.01);
    within(distanceKm(NEW_YORK, LOS_ANGELES), 3936, 0.01);
  });

  it("is 0 for a point and itself, symmetric, and a degree of the equator is 2πR/360", () => {
    expect(distanceKm(DALLAS, DALLAS)).toBe(0);
    expect(distanceKm(HOUSTON, DALLAS)).toBeCloseTo(distanceKm(DALLAS, HOUSTON), 9);
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      (2 * Math.PI * 6371.0088) / 360,
      6,
    );
    // Antipodes: half the circumference, without NaN from rounding.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 6371.0088,
      3,
    );
  });
});

describe("withinRadius", () => {
  const items = [
    { id: "houston", location: HOUSTON },
    { id: "nowhere" },
    { id: "dallas", location: DALLAS },
    { id: "paris", location: PARIS },
  ];

  it("keeps what is within the radius, nearest first, with distanceKm to 2 decimals", () => {
    const kept = withinRadius(items, { ...DALLAS, radiusKm: 400 });
    expect(kept.map((item) => item.id)).toEqual(["dallas", "houston"]);
    expect(kept[0]?.distanceKm).toBe(0);
    expect(kept[1]?.distanceKm).toBe(Math.round(distanceKm(DALLAS, HOUSTON) * 100) / 100);
    expect(withinRadius(items, { ...DALLAS, radiusKm: 300 }).map((item) => item.id)).toEqual(["dallas"]);
    expect(withinRadius(items, { latitude: -45, longitude: 170, radiusKm: 10 })).toEqual([]);
  });
});

describe("checkNear", () => {
  it("accepts the valid ranges' edges", () => {
    expect(() => checkNear({ latitude: -90, longitude: 180, radiusKm: 20_000 })).not.toThrow();
    expect(() => checkNear({ latitude: 90, longitude: -180, radiusKm: 0.001 })).not.toThrow();
  });

  it.each([
    [{ latitude: 91, longitude: 0, radiusKm: 1 }, "latitude"],
    [{ latitude: 0, longitude: -180.5, radiusKm: 1 }, "longitude"],
    [{ latitude: 0, longitude: 0, radiusKm: 0 }, "radiusKm"],
    [{ latitude: 0, longitude: 0, radiusKm: 20_001 }, "radiusKm"],
  ])("refuses %o with a bad_request naming %s", (near, field) => {
    let thrown: unknown;
    try {
      checkNear(near);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const body = (thrown as ApiError).toBody();
    expect(body.code).toBe("bad_request");
    expect(body.detail).toEqual([expect.objectContaining({ path: `{toolArguments}.near.${field}` })]);
  });
});
