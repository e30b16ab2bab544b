/**
 * normalize of the Motive adapter's time-series models, field by field, on payloads in Motive's
 * real shapes (providers-families.md 2.1 and 2.2, their examples, and the fields integrators
 * capture in production), in both unit systems; payloads that do not validate are rejected as
 * malformed. Also the history walk's cursor and which driving periods are read as trips.
 */
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { KM_PER_MILE, LITRES_PER_US_GALLON } from "../../src/providers/kit/units";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import {
  decodeMotiveHistoryCursor,
  encodeMotiveHistoryCursor,
  HISTORY_LISTING_PER_PAGE,
} from "../../src/providers/motive/history-cursor";
import { isFinishedTripOf } from "../../src/providers/motive/models/trips";
import { round2 } from "../../src/providers/motive/values";

const normalize = motiveAdapter.normalize.bind(motiveAdapter);

function caught(run: () => unknown): ProviderError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

const expectMalformed = (model: SyncModel, payload: unknown) =>
  expect(caught(() => normalize(model, payload)).kind, JSON.stringify(payload)).toBe("malformed");

const DRIVER = {
  id: 77210,
  first_name: "Ana",
  last_name: "Ruiz",
  username: "aruiz",
  email: null,
  driver_company_id: "D-17",
  status: "active",
  role: "driver",
};

/** The history point of providers-families.md 2.1. */
const POINT = {
  id: "d261099e-dd3d-4847-bfa1-fb62800bdfb3",
  located_at: "2025-11-03T15:21:45Z",
  lat: 30.2672,
  lon: -97.7431,
  bearing: 98.9,
  speed: 0,
  type: "engine_start",
  description: "2.1 mi N of Austin, TX",
  odometer: 412003.1,
  true_odometer: 412010.0,
  engine_hours: 9321.4,
  true_engine_hours: 9321.4,
  fuel: 18234.6,
  fuel_primary_remaining_percentage: 71.0,
  battery_voltage: 13.8,
  driver: DRIVER,
  eld_device: { id: 921, identifier: "000090018812345", model: "lbb-3" },
};

/** A plain breadcrumb as integrators capture them from v3: GPS only, every reading null. */
const BREADCRUMB = {
  located_at: "2026-06-01T12:00:00Z",
  lat: 41.85,
  lon: -87.65,
  id: "11111111-1111-4111-8111-111111111111",
  type: "breadcrumb",
  description: "Anytown, ST",
  speed: null,
  bearing: 12.99,
  battery_voltage: null,
  odometer: null,
  true_odometer: null,
  engine_hours: null,
  true_engine_hours: null,
  fuel: null,
  fuel_primary_remaining_percentage: null,
  fuel_secondary_remaining_percentage: null,
  driver: null,
  veh_range: null,
  hvb_state_of_charge: null,
  hvb_charge_status: null,
  hvb_charge_source: null,
  hvb_lifetime_energy_output: null,
  eld_device: { id: 1000001, identifier: "ELDSERIAL000001", model: "lbb-3.6ca" },
};

const item = (point: unknown, metric = true, vehicleId = 4012) => ({
  vehicle_id: vehicleId,
  metric_units: metric,
  vehicle_location: point,
});

describe("Motive latest vehicle locations (GET /v3/vehicle_locations)", () => {
  const current = (location: Record<string, unknown>, metric = true, extra: Record<string, unknown> = {}) => ({
    metric_units: metric,
    vehicle: {
      id: 4012,
      number: "T-104",
      year: "2020",
      make: "Kenworth",
      model: "T680",
      vin: "1XKYD49X6LJ412345",
      current_location: location,
      current_driver: DRIVER,
      ...extra,
    },
  });

  it("maps a vehicle's current location: position, driver, heading, kph speed, km odometer, fuel level, engine", () => {
    const moving = { ...POINT, type: "vehicle_moving", speed: 88.5, fuel_secondary_remaining_percentage: 40.5 };
    expect(normalize("latestVehicleLocations", current(moving))).toEqual({
      vehicleSourceId: "4012",
      driverSourceId: "77210",
      locatedAt: "2025-11-03T15:21:45.000Z",
      location: { latitude: 30.2672, longitude: -97.7431 },
      address: "2.1 mi N of Austin, TX",
      heading: 98.9,
      speed: 88.5,
      // The corrected odometer, which Motive recommends, over the computed one.
      odometer: 412010,
      fuel: { primaryPercentage: 71, secondaryPercentage: 40.5 },
      engineState: "on",
      // 9321.4 decimal hours.
      engineRuntime: 33_557_040_000,
    });
  });

  it("converts an imperial answer's odometer from miles; speed stays kph", () => {
    const latest = normalize("latestVehicleLocations", current({ ...POINT, speed: 55 }, false));
    expect(latest.odometer).toBe(round2(412010.0 * KM_PER_MILE));
    expect(latest.odometer).toBe(663_065.82);
    expect(latest.speed).toBe(55);
  });

  it("reads the engine from the point's type: started or moving is on, stopped or ignition off is off, else unknown", () => {
    const stateOf = (type: string | null) =>
      normalize("latestVehicleLocations", current({ ...POINT, type })).engineState;
    expect(stateOf("engine_start")).toBe("on");
    expect(stateOf("vehicle_moving")).toBe("on");
    expect(stateOf("engine_stop")).toBe("off");
    expect(stateOf("ignition_off")).toBe("off");
    expect(stateOf("vehicle_stopped")).toBeUndefined();
    expect(stateOf("breadcrumb")).toBeUndefined();
    expect(stateOf(null)).toBeUndefined();
  });

  it("leaves out what Motive does not know; the point's driver stands in for a missing current driver", () => {
    const bare = {
      located_at: "2016-03-17T12:12:07Z",
      lat: 47.565647,
      lon: -122.276261,
      description: "",
      driver: { id: 104 },
    };
    expect(normalize("latestVehicleLocations", current(bare, true, { current_driver: null }))).toEqual({
      vehicleSourceId: "4012",
      driverSourceId: "104",
      locatedAt: "2016-03-17T12:12:07.000Z",
      location: { latitude: 47.565647, longitude: -122.276261 },
    });
  });

  it("keeps headings in [0, 360) and falls back to the computed odometer and engine hours", () => {
    const latest = normalize(
      "latestVehicleLocations",
      current({ ...POINT, bearing: 370.5, true_odometer: null, true_engine_hours: null, engine_hours: 0.5 }),
    );
    expect(latest.heading).toBe(10.5);
    expect(latest.odometer).toBe(412003.1);
    expect(latest.engineRuntime).toBe(1_800_000);
  });

  it("rejects payloads that do not validate as malformed", () => {
    expectMalformed("latestVehicleLocations", current({ ...POINT, lat: null }));
    expectMalformed("latestVehicleLocations", current({ ...POINT, lat: 123.0 }));
    expectMalformed("latestVehicleLocations", current({ ...POINT, located_at: "yesterday" }));
    expectMalformed("latestVehicleLocations", current({ ...POINT, speed: "fast" }));
    expectMalformed("latestVehicleLocations", { vehicle: current(POINT).vehicle });
    expectMalformed("latestVehicleLocations", current(POINT, true, { id: "T-104" }));
    expectMalformed("latestVehicleLocations", { metric_units: true, vehicle: { id: 4012, current_location: null } });
  });
});

describe("Motive breadcrumbs (GET /v3/vehicle_locations/{id})", () => {
  it("maps one point to a batch of one, with the point's own object as raw", () => {
    const payload = item(POINT);
    const batch = normalize("vehicleLocations", payload);
    expect(batch).toEqual({
      vehicleSourceId: "4012",
      points: [
        {
          locatedAt: "2025-11-03T15:21:45.000Z",
          location: { latitude: 30.2672, longitude: -97.7431 },
          heading: 98.9,
          speed: 0,
          address: "2.1 mi N of Austin, TX",
          driverSourceId: "77210",
          sourceId: "d261099e-dd3d-4847-bfa1-fb62800bdfb3",
          raw: POINT,
        },
      ],
    });
    expect(batch.points[0]!.raw).toBe(payload.vehicle_location);
  });

  it("leaves out missing fields; numeric strings and integer ids are read", () => {
    const sparse = { id: 205783, located_at: "2016-05-24T06:01:11+02:00", lat: 47.5, lon: -122.2, speed: "50.1" };
    expect(normalize("vehicleLocations", item(sparse)).points).toEqual([
      {
        locatedAt: "2016-05-24T04:01:11.000Z",
        location: { latitude: 47.5, longitude: -122.2 },
        speed: 50.1,
        sourceId: "205783",
        raw: sparse,
      },
    ]);
    const crumb = normalize("vehicleLocations", item(BREADCRUMB)).points[0]!;
    expect(crumb.speed).toBeUndefined();
    expect(crumb.driverSourceId).toBeUndefined();
    expect(crumb.heading).toBe(12.99);
  });

  it("rejects points that do not validate as malformed", () => {
    expectMalformed("vehicleLocations", item({ ...POINT, lat: null }));
    expectMalformed("vehicleLocations", item({ ...POINT, lon: -190 }));
    expectMalformed("vehicleLocations", item({ ...POINT, located_at: undefined }));
    expectMalformed("vehicleLocations", item({ ...POINT, bearing: "north" }));
    expectMalformed("vehicleLocations", item({ ...POINT, driver: { id: "Ana" } }));
    expectMalformed("vehicleLocations", { metric_units: true, vehicle_location: POINT });
    expectMalformed("vehicleLocations", { vehicle_id: 4012, vehicle_location: POINT });
    expectMalformed("vehicleLocations", POINT);
  });
});

describe("Motive stat logs (the readings of location points)", () => {
  const byType = (payload: unknown) =>
    Object.fromEntries(normalize("vehicleStatLogs", payload).points.map((point) => [point.type, point.value]));

  it("maps a point's readings, each at the point's time with the point as raw", () => {
    const payload = item(POINT);
    const batch = normalize("vehicleStatLogs", payload);
    expect(batch.vehicleSourceId).toBe("4012");
    expect(byType(payload)).toEqual({
      engine_state: "on",
      odometer: 412010,
      engine_runtime: 33_557_040_000,
      total_fuel_consumption: 18234.6,
      fuel_level: 71,
      battery_voltage: 13.8,
    });
    for (const point of batch.points) {
      expect(point.timestamp).toBe("2025-11-03T15:21:45.000Z");
      expect(point.raw).toBe(payload.vehicle_location);
    }
  });

  it("converts an imperial answer: odometer miles → km, fuel US gallons → litres", () => {
    const stats = byType(item({ ...POINT, true_odometer: 100, fuel: 10 }, false));
    expect(stats.odometer).toBe(round2(100 * KM_PER_MILE));
    expect(stats.odometer).toBe(160.93);
    expect(stats.total_fuel_consumption).toBe(round2(10 * LITRES_PER_US_GALLON));
    expect(stats.total_fuel_consumption).toBe(37.85);
    // Hours, percentages and volts have no unit system.
    expect(stats.engine_runtime).toBe(33_557_040_000);
    expect(stats.fuel_level).toBe(71);
    expect(stats.battery_voltage).toBe(13.8);
  });

  it("reads engine transitions only: a moving or plain breadcrumb says nothing of the engine", () => {
    expect(byType(item({ ...POINT, type: "engine_stop" })).engine_state).toBe("off");
    expect(byType(item({ ...POINT, type: "ignition_off" })).engine_state).toBe("off");
    expect(byType(item({ ...POINT, type: "vehicle_moving" })).engine_state).toBeUndefined();
    expect(byType(item({ ...POINT, type: "ignition_on" })).engine_state).toBeUndefined();
  });

  it("a plain breadcrumb has no readings; a point without coordinates still has its readings", () => {
    expect(normalize("vehicleStatLogs", item(BREADCRUMB))).toEqual({ vehicleSourceId: "4012", points: [] });
    expect(byType(item({ ...BREADCRUMB, lat: null, lon: null, odometer: 5.5 }))).toEqual({ odometer: 5.5 });
  });

  it("never reads types Motive does not serve (rpm, temperatures, oil, coolant)", () => {
    const types = new Set(normalize("vehicleStatLogs", item(POINT)).points.map((point) => point.type));
    for (const absent of [
      "engine_rpm",
      "engine_coolant_temperature",
      "engine_oil_pressure",
      "engine_oil_temperature",
      "engine_oil_percentage",
      "coolant_percentage",
    ]) {
      expect(types.has(absent as never)).toBe(false);
    }
  });

  it("rejects points that do not validate as malformed", () => {
    expectMalformed("vehicleStatLogs", item({ ...POINT, odometer: "many" }));
    expectMalformed("vehicleStatLogs", item({ ...POINT, located_at: "2025-11-03" }));
    expectMalformed("vehicleStatLogs", { ...item(POINT), metric_units: "yes" });
  });
});

describe("Motive trips (GET /v1/driving_periods)", () => {
  /** The driving period of providers-families.md 2.2. */
  const PERIOD = {
    id: 5512001,
    start_time: "2025-11-03T14:02:00Z",
    end_time: "2025-11-03T16:49:00Z",
    status: "complete",
    type: "driving",
    annotation_status: null,
    notes: null,
    origin: "Austin, TX",
    destination: "San Antonio, TX",
    distance: 80.4,
    driver: { id: 77210, first_name: "Ana", last_name: "Ruiz" },
    vehicle: { id: 4012, number: "T-104" },
  };
  /** The fields integrators capture in production besides: odometers in km, coordinates, a formatted distance. */
  const CAPTURED = {
    ...PERIOD,
    duration: 10020.0,
    start_kilometers: 663_048.211,
    end_kilometers: 663_177.606,
    origin_lat: 30.2672,
    origin_lon: -97.7431,
    destination_lat: 29.4241,
    destination_lon: -98.4936,
    distance: "80.4 mi",
  };

  it("maps the documented shape: times, vehicle, driver, distance in the asked (metric) units", () => {
    expect(normalize("trips", PERIOD)).toEqual({
      sourceId: "5512001",
      vehicleSourceId: "4012",
      driverSourceId: "77210",
      distance: 80.4,
      startedAt: "2025-11-03T14:02:00.000Z",
      endedAt: "2025-11-03T16:49:00.000Z",
    });
  });

  it("maps the captured shape: coordinates, and the distance from the odometers (km) over the formatted one", () => {
    expect(normalize("trips", CAPTURED)).toEqual({
      sourceId: "5512001",
      vehicleSourceId: "4012",
      driverSourceId: "77210",
      startLocation: { latitude: 30.2672, longitude: -97.7431 },
      endLocation: { latitude: 29.4241, longitude: -98.4936 },
      distance: 129.4,
      startedAt: "2025-11-03T14:02:00.000Z",
      endedAt: "2025-11-03T16:49:00.000Z",
    });
  });

  it("reads a formatted distance by its unit when the odometers are missing", () => {
    const without = { ...CAPTURED, start_kilometers: null, end_kilometers: null };
    expect(normalize("trips", { ...without, distance: "42.2 mi" }).distance).toBe(round2(42.2 * KM_PER_MILE));
    expect(normalize("trips", { ...without, distance: "42.2 mi" }).distance).toBe(67.91);
    expect(normalize("trips", { ...without, distance: "12.5 km" }).distance).toBe(12.5);
    expect(normalize("trips", { ...without, distance: "far" }).distance).toBeUndefined();
    expect(normalize("trips", { ...without, distance: null }).distance).toBeUndefined();
  });

  it("a period without a driver is an unassigned trip", () => {
    expect(normalize("trips", { ...PERIOD, driver: null }).driverSourceId).toBeUndefined();
  });

  it("rejects periods that do not validate, or that are not finished trips of a vehicle, as malformed", () => {
    expectMalformed("trips", { ...PERIOD, end_time: null, status: "in_progress" });
    expectMalformed("trips", { ...PERIOD, vehicle: null });
    expectMalformed("trips", { ...PERIOD, id: "5512001" });
    expectMalformed("trips", { ...PERIOD, start_time: undefined });
    expectMalformed("trips", { ...PERIOD, origin_lat: 95 });
    expectMalformed("trips", { driving_period: PERIOD });
  });

  it("reads as trips the finished periods of a vehicle that started in the window", () => {
    const start = Date.parse("2025-11-03T00:00:00Z");
    const end = Date.parse("2025-11-04T00:00:00Z");
    expect(isFinishedTripOf(PERIOD, start, end)).toBe(true);
    expect(isFinishedTripOf({ ...PERIOD, start_time: "2025-11-02T23:59:59Z" }, start, end)).toBe(false);
    expect(isFinishedTripOf({ ...PERIOD, start_time: "2025-11-04T00:00:00Z" }, start, end)).toBe(false);
    expect(isFinishedTripOf({ ...PERIOD, end_time: null, status: "in_progress" }, start, end)).toBe(false);
    expect(isFinishedTripOf({ ...PERIOD, vehicle: null }, start, end)).toBe(false);
    // Unreadable: kept, for normalize to report.
    expect(isFinishedTripOf({ ...PERIOD, start_time: "soon" }, start, end)).toBe(true);
    expect(isFinishedTripOf("not a period", start, end)).toBe(true);
  });
});

describe("Motive time-series cursors and support", () => {
  const days = ["2025-11-03", "2025-11-04"];

  it("the history walk's cursor: a listing page, or the listed vehicles still to read from a day", () => {
    for (const cursor of [
      { page: 1 },
      { page: 3, day: "2025-11-04", vehicles: [4017, 4018], more: true },
      { page: 2, day: "2025-11-03", vehicles: [4017], more: false },
    ]) {
      expect(decodeMotiveHistoryCursor(encodeMotiveHistoryCursor(cursor), days)).toEqual(cursor);
    }
    expect(encodeMotiveHistoryCursor({ page: 3, day: "2025-11-03", vehicles: [4017, 4018], more: true })).toBe(
      "3+/2025-11-03/4017.4018",
    );
    const tooMany = Array.from({ length: HISTORY_LISTING_PER_PAGE + 1 }, (_, index) => 4000 + index).join(".");
    for (const text of [
      "",
      "0",
      "abc",
      "2/4017",
      "2+",
      "2/2025-11-03/",
      "2/2025-11-03/4017..4018",
      "2/2025-11-05/4017",
      "2025-11-03/2",
      `2/2025-11-03/${tooMany}`,
    ]) {
      expect(caught(() => decodeMotiveHistoryCursor(text, days)).kind, text).toBe("malformed");
    }
  });

  it("serves the four time-series models, in the adapter's one pace bucket", () => {
    for (const model of ["latestVehicleLocations", "vehicleLocations", "trips", "vehicleStatLogs"] as const) {
      expect(motiveAdapter.supportedModels[model]).toBe("supported");
      expect(motiveAdapter.paceBucket[model]).toBe("api");
    }
    expect(motiveAdapter.locationSampling).toEqual({ sampleRateSeconds: null, availableHistoryDays: null });
  });
});
