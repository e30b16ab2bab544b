/**
 * normalize of the Motive adapter's IFTA model, field by field, on payloads in Motive's real
 * shape (`GET /v1/ifta/trips`, `ifta_trips[].ifta_trip`: providers.md 2.7's example and the
 * fields of providers-families.md 2.4; invented values in the real field names): the trip's day
 * as the period, its jurisdiction code, miles or km by the vehicle's own `metric_units`, no fuel;
 * payloads that do not validate are rejected as malformed.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { KM_PER_MILE } from "../../src/providers/kit/units";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import { IFTA_SPAN_DAYS, iftaJurisdiction } from "../../src/providers/motive/ifta-payloads";
import { round2 } from "../../src/providers/motive/values";

const normalize = (payload: unknown) => motiveAdapter.normalize("iftaSummaries", payload);

function caught(run: () => unknown): ProviderError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

const expectMalformed = (payload: unknown) =>
  expect(caught(() => normalize(payload)).kind, JSON.stringify(payload)).toBe("malformed");

/** An `ifta_trip` as `GET /v1/ifta/trips` lists it: every documented field, invented values. */
const TRIP = {
  id: 9_912_001,
  date: "2025-11-03",
  jurisdiction: "TX",
  vehicle: {
    id: 4012,
    number: "T-104",
    year: "2020",
    make: "Kenworth",
    model: "T680",
    vin: "1XKYD49X6LJ412345",
    metric_units: false,
  },
  start_odometer: 412_003.1,
  end_odometer: 412_254.7,
  start_lat: 32.7767,
  start_lon: -96.797,
  end_lat: 31.9686,
  end_lon: -99.9018,
  distance: 251.6,
  time_zone: "Central Time (US & Canada)",
};

const metric = (overrides: Record<string, unknown> = {}) => ({
  ...TRIP,
  vehicle: { ...TRIP.vehicle, metric_units: true },
  ...overrides,
});

describe("Motive IFTA trips → distances per jurisdiction", () => {
  it("miles: the trip's day, its jurisdiction, miles to km, no fuel", () => {
    expect(normalize(TRIP)).toEqual({
      sourceId: "9912001",
      vehicleSourceId: "4012",
      period: "2025-11-03",
      jurisdiction: "TX",
      distance: round2(251.6 * KM_PER_MILE),
    });
    expect(normalize(TRIP).distance).toBe(404.91);
    expect(normalize(TRIP)).not.toHaveProperty("fuel");
  });

  it("km: a vehicle set to metric units has its distance as it is", () => {
    expect(normalize(metric({ id: 9_912_002, jurisdiction: "ON", distance: 131.5 }))).toEqual({
      sourceId: "9912002",
      vehicleSourceId: "4012",
      period: "2025-11-03",
      jurisdiction: "ON",
      distance: 131.5,
    });
    // Rounded to 2 decimals, the noise of a conversion cleaned first.
    expect(normalize(metric({ distance: 12.344_999_999 })).distance).toBe(12.35);
  });

  it("the period is the trip's own day, never a month; a day without distance is 0 km", () => {
    expect(normalize({ ...TRIP, date: "2026-02-28" }).period).toBe("2026-02-28");
    expect(normalize({ ...TRIP, distance: 0 }).distance).toBe(0);
  });

  it("jurisdictions: US and Canadian codes in any case; none, or one that is no IFTA jurisdiction, is null", () => {
    const jurisdictionOf = (jurisdiction: unknown) => normalize({ ...TRIP, jurisdiction }).jurisdiction;
    expect(jurisdictionOf("OK")).toBe("OK");
    expect(jurisdictionOf("qc")).toBe("QC");
    expect(jurisdictionOf(" BC ")).toBe("BC");
    expect(jurisdictionOf("DC")).toBe("DC");
    expect(jurisdictionOf(null)).toBeNull();
    expect(jurisdictionOf("")).toBeNull();
    expect(jurisdictionOf("MX")).toBeNull();
    expect(jurisdictionOf("Texas")).toBeNull();
    const { jurisdiction: _jurisdiction, ...without } = TRIP;
    expect(normalize(without).jurisdiction).toBeNull();
    expect(iftaJurisdiction(undefined)).toBeNull();
  });

  it("only the fields the mapping reads are checked: odometers, coordinates and time zone may be null or absent", () => {
    const { start_odometer, end_odometer, start_lat, start_lon, end_lat, end_lon, time_zone, ...bare } = TRIP;
    expect(normalize(bare)).toEqual(normalize(TRIP));
    expect(
      normalize({ ...TRIP, start_odometer: null, end_odometer: null, start_lat: null, time_zone: null, extra: 1 }),
    ).toEqual(normalize(TRIP));
  });

  it("rejects payloads that do not validate as malformed", () => {
    const { id: _id, ...withoutId } = TRIP;
    const { vehicle: _vehicle, ...withoutVehicle } = TRIP;
    const { distance: _distance, ...withoutDistance } = TRIP;
    const { date: _date, ...withoutDate } = TRIP;
    for (const payload of [
      null,
      "TX",
      { ifta_trip: TRIP },
      withoutId,
      withoutVehicle,
      withoutDistance,
      withoutDate,
      { ...TRIP, id: "9912001" },
      { ...TRIP, id: -1 },
      { ...TRIP, date: "2025-11" },
      { ...TRIP, date: "2025-11-03T00:00:00Z" },
      { ...TRIP, distance: -1 },
      { ...TRIP, distance: "251.6" },
      { ...TRIP, jurisdiction: 48 },
      // The unit is the vehicle's own: without its flag, the distance cannot be read.
      { ...TRIP, vehicle: { ...TRIP.vehicle, metric_units: null } },
      { ...TRIP, vehicle: { id: 4012, number: "T-104" } },
      { ...TRIP, vehicle: { ...TRIP.vehicle, id: null } },
    ]) {
      expectMalformed(payload);
    }
  });

  it("a request spans at most the shortest three months (February to April, 89 days)", () => {
    const first = Date.UTC(2026, 1, 1);
    const last = first + (IFTA_SPAN_DAYS - 1) * 86_400_000;
    expect(new Date(last).toISOString().slice(0, 10)).toBe("2026-04-30");
  });
});
