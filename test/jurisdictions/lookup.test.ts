import { describe, expect, it } from "vitest";
import { JURISDICTIONS } from "../../src/jurisdictions/jurisdictions";
import { jurisdictionAt } from "../../src/jurisdictions/lookup";
import { polygonIndex } from "../../src/jurisdictions/polygon-index";
import { containsPoint } from "../../src/jurisdictions/polygons";

type Place = [name: string, code: string | null, latitude: number, longitude: number];

const CITIES: Place[] = [
  ["Austin", "TX", 30.2672, -97.7431],
  ["Oklahoma City", "OK", 35.4676, -97.5164],
  ["Denver", "CO", 39.7392, -104.9903],
  ["Chicago", "IL", 41.8781, -87.6298],
  ["New York", "NY", 40.7128, -74.006],
  ["Los Angeles", "CA", 34.0522, -118.2437],
  ["Seattle", "WA", 47.6062, -122.3321],
  ["Miami", "FL", 25.7617, -80.1918],
  ["Anchorage", "AK", 61.2181, -149.9003],
  ["Honolulu", "HI", 21.3069, -157.8583],
  ["Washington", "DC", 38.9072, -77.0369],
  ["San Juan", "PR", 18.4655, -66.1057],
  ["Toronto", "ON", 43.6532, -79.3832],
  ["Montreal", "QC", 45.5019, -73.5674],
  ["Vancouver", "BC", 49.2827, -123.1207],
  ["Calgary", "AB", 51.0447, -114.0719],
  ["Regina", "SK", 50.4452, -104.6189],
  ["Winnipeg", "MB", 49.8951, -97.1384],
  ["Halifax", "NS", 44.6488, -63.5752],
  ["Whitehorse", "YT", 60.7212, -135.0568],
  ["Yellowknife", "NT", 62.454, -114.3718],
  ["Iqaluit", "NU", 63.7467, -68.517],
  ["St. John's", "NL", 47.5615, -52.7126],
  ["Charlottetown", "PE", 46.2382, -63.1311],
  ["Fredericton", "NB", 45.9636, -66.6431],
];

// Pairs a few km apart on either side of a border; each point at least 1.5 km from it, more
// than the boundaries' error there.
const BORDER_PAIRS: Place[] = [
  ["Kansas City, Missouri", "MO", 39.0997, -94.5786],
  ["Kansas City, Kansas", "KS", 39.1141, -94.6275],
  ["Texarkana, Texas", "TX", 33.425, -94.07],
  ["Texarkana, Arkansas", "AR", 33.44, -94.015],
  ["Detroit", "MI", 42.3314, -83.0458],
  ["Windsor (south of downtown)", "ON", 42.275, -83.0],
  ["Niagara Falls, New York", "NY", 43.0962, -79.0377],
  ["Niagara Falls, Ontario", "ON", 43.0896, -79.0849],
  ["South Lake Tahoe", "CA", 38.9399, -119.9772],
  ["Tahoe City", "CA", 39.1677, -120.1452],
  ["Incline Village", "NV", 39.2513, -119.973],
  ["Zephyr Cove", "NV", 39.0035, -119.9474],
  ["San Ysidro", "CA", 32.5556, -117.047],
  ["Tijuana", null, 32.5149, -117.0382],
  ["Laredo", "TX", 27.5306, -99.4803],
  ["Nuevo Laredo", null, 27.4763, -99.5164],
];

// 2.5 to 4 km out to sea from the embedded coastline.
const OFFSHORE: Place[] = [
  ["off Galveston", "TX", 29.255, -94.775],
  ["off Miami Beach", "FL", 25.76, -80.1],
  ["off San Francisco", "CA", 37.76, -122.545],
  ["off Halifax", "NS", 44.55, -63.52],
];

const NOWHERE: Place[] = [
  ["mid-Atlantic", null, 35, -40],
  ["London", null, 51.5074, -0.1278],
  ["Mexico City", null, 19.4326, -99.1332],
  ["Gulf of Mexico, 100 km out", null, 28.3, -93.5],
];

describe("jurisdictionAt", () => {
  it.each([...CITIES, ...BORDER_PAIRS, ...OFFSHORE, ...NOWHERE])("%s is %s", (_name, code, latitude, longitude) => {
    expect(jurisdictionAt(latitude, longitude)).toBe(code);
  });

  it("resolves the offshore points by the nearest-coast rule, not because the coastline contains them", () => {
    const { polygons } = polygonIndex();
    for (const [, , latitude, longitude] of OFFSHORE) {
      expect(polygons.filter((polygon) => containsPoint(polygon, longitude, latitude))).toEqual([]);
    }
  });

  it("gives the same answer whatever was looked up before", () => {
    const places = [...CITIES, ...BORDER_PAIRS, ...OFFSHORE];
    const inOrder = places.map(([, , latitude, longitude]) => jurisdictionAt(latitude, longitude));
    const reversed = places.toReversed().map(([, , latitude, longitude]) => jurisdictionAt(latitude, longitude));
    expect(reversed.toReversed()).toEqual(inOrder);
  });

  it("answers null for coordinates that are not numbers", () => {
    expect(jurisdictionAt(Number.NaN, -97)).toBeNull();
    expect(jurisdictionAt(30, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("JURISDICTIONS", () => {
  it("lists the 50 states, DC, the five inhabited territories and Canada's 13 provinces and territories once each", () => {
    const codes = JURISDICTIONS.map((jurisdiction) => jurisdiction.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(JURISDICTIONS.filter((jurisdiction) => jurisdiction.country === "US")).toHaveLength(56);
    const canadian = JURISDICTIONS.filter((jurisdiction) => jurisdiction.country === "CA");
    expect(canadian.map((jurisdiction) => jurisdiction.code).join(" ")).toBe("AB BC MB NB NL NS NT NU ON PE QC SK YT");
    expect(JURISDICTIONS).toContainEqual({ code: "DC", country: "US", name: "District of Columbia" });
  });
});
