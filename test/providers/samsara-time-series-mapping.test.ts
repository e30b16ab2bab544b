/**
 * Samsara's time-series payloads → the normalized model, on payloads in Samsara's real shapes
 * (providers-families.md 1.1, 1.2, 1.5: field names, nesting, the snapshot's singular keys):
 * the units converted (mph, metres, millilitres, seconds, milli-°C, kPa, mV), optional fields
 * left out, each point's own reading kept as its raw, and malformed payloads refused.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { normalizeSamsara, samsaraAdapter } from "../../src/providers/samsara/adapter";
import { mapVehicleSnapshot } from "../../src/providers/samsara/models/latest-locations";
import { isVehicleTripIn, mapTrip } from "../../src/providers/samsara/models/trips";
import { mapGpsHistory } from "../../src/providers/samsara/models/vehicle-locations";
import { mapStatHistory } from "../../src/providers/samsara/models/vehicle-stat-logs";
import { STAT_TYPE_GROUPS } from "../../src/providers/samsara/stat-types";

const malformed = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("malformed");
    return;
  }
  throw new Error("expected a malformed payload to be refused");
};

const GPS = {
  time: "2025-11-03T15:04:05Z",
  latitude: 37.7764,
  longitude: -122.4183,
  headingDegrees: 88,
  speedMilesPerHour: 41.6,
  isEcuSpeed: true,
  reverseGeo: { formattedLocation: "Market St, San Francisco, CA" },
};

/** A vehicle of the snapshot as the adapter merges its two answers (types gps,engineStates,obdOdometerMeters + fuelPercents,obdEngineSeconds,gpsOdometerMeters). */
const SNAPSHOT = {
  id: "281474978683353",
  name: "Truck 104",
  externalIds: { "samsara.vin": "1FUJGLDR7CLBP8834" },
  gps: GPS,
  engineState: { time: "2025-11-03T15:03:58Z", value: "On" },
  obdOdometerMeters: { time: "2025-11-03T15:04:00Z", value: 640220114 },
  fuelPercent: { time: "2025-11-03T15:00:00Z", value: 71 },
  obdEngineSeconds: { time: "2025-11-03T15:04:00Z", value: 31872000 },
  gpsOdometerMeters: { time: "2025-11-03T15:04:00Z", value: 640100000 },
};

describe("the stats snapshot → latest vehicle locations", () => {
  it("maps position, mph → km/h, the address, metres → km, fuel, engine state and seconds → ms", () => {
    expect(mapVehicleSnapshot(SNAPSHOT)).toEqual({
      vehicleSourceId: "281474978683353",
      locatedAt: "2025-11-03T15:04:05.000Z",
      location: { latitude: 37.7764, longitude: -122.4183 },
      address: "Market St, San Francisco, CA",
      heading: 88,
      speed: 66.95,
      odometer: 640220.11,
      fuel: { primaryPercentage: 71 },
      engineState: "on",
      engineRuntime: 31_872_000_000,
    });
    expect(normalizeSamsara("latestVehicleLocations", SNAPSHOT)).toEqual(mapVehicleSnapshot(SNAPSHOT));
  });

  it("falls back on the GPS odometer, reads Off and Idle, and leaves out what the vehicle does not report", () => {
    const { obdOdometerMeters: _obd, ...withoutObd } = SNAPSHOT;
    expect(mapVehicleSnapshot(withoutObd).odometer).toBe(640100);
    expect(mapVehicleSnapshot({ ...SNAPSHOT, engineState: { time: GPS.time, value: "Idle" } }).engineState).toBe(
      "idle",
    );
    expect(mapVehicleSnapshot({ ...SNAPSHOT, engineState: { time: GPS.time, value: "Off" } }).engineState).toBe("off");
    expect(
      mapVehicleSnapshot({ id: "1", gps: { time: "2025-11-03T15:04:05.250+01:00", latitude: 1, longitude: 2 } }),
    ).toEqual({
      vehicleSourceId: "1",
      locatedAt: "2025-11-03T14:04:05.250Z",
      location: { latitude: 1, longitude: 2 },
    });
    const blank = mapVehicleSnapshot({
      ...SNAPSHOT,
      gps: { ...GPS, reverseGeo: { formattedLocation: " " }, speedMilesPerHour: null },
    });
    expect(blank.address).toBeUndefined();
    expect(blank.speed).toBeUndefined();
  });

  it("refuses a vehicle without a position, or with unreadable values", () => {
    malformed(() => mapVehicleSnapshot({ id: "1", name: "Truck" }));
    malformed(() => mapVehicleSnapshot({ ...SNAPSHOT, id: undefined }));
    malformed(() => mapVehicleSnapshot({ ...SNAPSHOT, gps: { ...GPS, latitude: 91 } }));
    malformed(() => mapVehicleSnapshot({ ...SNAPSHOT, gps: { ...GPS, time: "yesterday" } }));
    malformed(() => mapVehicleSnapshot({ ...SNAPSHOT, engineState: { time: GPS.time, value: "Running" } }));
    malformed(() => mapVehicleSnapshot({ ...SNAPSHOT, fuelPercent: { time: GPS.time, value: "71" } }));
    // The feed's and history's array shape is not the snapshot's.
    malformed(() => mapVehicleSnapshot({ ...SNAPSHOT, gps: [GPS] }));
  });
});

describe("the gps history → breadcrumbs", () => {
  const second = {
    time: "2025-11-03T15:04:10Z",
    latitude: 37.7769,
    longitude: -122.4171,
    headingDegrees: 87,
    speedMilesPerHour: 43.0,
    isEcuSpeed: true,
    decorations: { engineRpm: { value: 1800 } },
  };
  const vehicle = { id: "281474978683353", name: "Truck 104", gps: [GPS, second] };

  it("maps each reading to a point whose raw is the reading as Samsara sent it", () => {
    const batch = mapGpsHistory(vehicle);
    expect(batch).toEqual({
      vehicleSourceId: "281474978683353",
      points: [
        {
          locatedAt: "2025-11-03T15:04:05.000Z",
          location: { latitude: 37.7764, longitude: -122.4183 },
          heading: 88,
          speed: 66.95,
          address: "Market St, San Francisco, CA",
          raw: GPS,
        },
        {
          locatedAt: "2025-11-03T15:04:10.000Z",
          location: { latitude: 37.7769, longitude: -122.4171 },
          heading: 87,
          speed: 69.2,
          raw: second,
        },
      ],
    });
    // Fields the adapter does not read (decorations) are still in the raw reading.
    expect(batch.points[1]?.raw).toBe(second);
    expect(normalizeSamsara("vehicleLocations", vehicle)).toEqual(batch);
  });

  it("converts speeds exactly: 0 mph, 100 mph = 160.93 km/h; a reading without speed or heading has neither", () => {
    const points = mapGpsHistory({
      id: "1",
      gps: [
        { time: "2025-11-03T15:00:00Z", latitude: 0, longitude: 0, speedMilesPerHour: 0 },
        { time: "2025-11-03T15:00:30Z", latitude: 0, longitude: 0, speedMilesPerHour: 100, headingDegrees: 359.5 },
        { time: "2025-11-03T15:01:00Z", latitude: -90, longitude: 180 },
      ],
    }).points;
    expect(points.map((point) => [point.speed, point.heading])).toEqual([
      [0, undefined],
      [160.93, 359.5],
      [undefined, undefined],
    ]);
    expect(mapGpsHistory({ id: "1", gps: [] })).toEqual({ vehicleSourceId: "1", points: [] });
  });

  it("refuses a vehicle without readings, with a snapshot-shaped gps, or with an unreadable reading", () => {
    malformed(() => mapGpsHistory({ id: "1" }));
    malformed(() => mapGpsHistory({ id: "1", gps: GPS }));
    malformed(() => mapGpsHistory({ gps: [GPS] }));
    malformed(() => mapGpsHistory({ id: "1", gps: [GPS, { ...second, time: undefined }] }));
    malformed(() => mapGpsHistory({ id: "1", gps: [{ ...GPS, longitude: -181 }] }));
    malformed(() => mapGpsHistory({ id: "1", gps: [{ ...GPS, speedMilesPerHour: "fast" }] }));
  });
});

describe("the stats history → stat logs", () => {
  /** The reference's example (engine state with a decoration, ECU odometer, fuel level) and every other stat read. */
  const vehicle = {
    id: "281474978683353",
    name: "Truck 104",
    engineStates: [
      { time: "2025-11-03T14:01:58Z", value: "On", decorations: { obdEngineSeconds: { value: 31872000 } } },
      { time: "2025-11-03T14:30:00Z", value: "Idle" },
    ],
    obdOdometerMeters: [{ time: "2025-11-03T14:02:00Z", value: 640220114 }],
    gpsOdometerMeters: [{ time: "2025-11-03T14:02:00Z", value: 640100000 }],
    fuelPercents: [{ time: "2025-11-03T14:05:00Z", value: 71 }],
    fuelConsumedMilliliters: [{ time: "2025-11-03T14:05:00Z", value: 118340 }],
    obdEngineSeconds: [{ time: "2025-11-03T14:05:00Z", value: 31872300 }],
    syntheticEngineSeconds: [{ time: "2025-11-03T14:05:00Z", value: 1 }],
    engineCoolantTemperatureMilliC: [{ time: "2025-11-03T14:05:00Z", value: 87500 }],
    engineRpm: [{ time: "2025-11-03T14:05:00Z", value: 1450 }],
    batteryMilliVolts: [{ time: "2025-11-03T14:05:00Z", value: 13870 }],
    engineOilPressureKPa: [{ time: "2025-11-03T14:05:00Z", value: 275.8 }],
  };

  it("maps every stat to its type in our units, in time order, each with its own reading as raw", () => {
    const batch = mapStatHistory(vehicle);
    expect(batch.vehicleSourceId).toBe("281474978683353");
    expect(batch.points.map(({ raw: _raw, ...point }) => point)).toEqual([
      { type: "engine_state", timestamp: "2025-11-03T14:01:58.000Z", value: "on" },
      { type: "odometer", timestamp: "2025-11-03T14:02:00.000Z", value: 640220.11 },
      { type: "fuel_level", timestamp: "2025-11-03T14:05:00.000Z", value: 71 },
      { type: "total_fuel_consumption", timestamp: "2025-11-03T14:05:00.000Z", value: 118.34 },
      { type: "engine_runtime", timestamp: "2025-11-03T14:05:00.000Z", value: 31_872_300_000 },
      { type: "engine_coolant_temperature", timestamp: "2025-11-03T14:05:00.000Z", value: 87.5 },
      { type: "engine_rpm", timestamp: "2025-11-03T14:05:00.000Z", value: 1450 },
      { type: "battery_voltage", timestamp: "2025-11-03T14:05:00.000Z", value: 13.87 },
      // 275.8 kPa is 40.0015 PSI.
      { type: "engine_oil_pressure", timestamp: "2025-11-03T14:05:00.000Z", value: 40 },
      { type: "engine_state", timestamp: "2025-11-03T14:30:00.000Z", value: "idle" },
    ]);
    expect(batch.points[0]?.raw).toBe(vehicle.engineStates[0]);
    expect(batch.points[1]?.raw).toBe(vehicle.obdOdometerMeters[0]);
    expect(normalizeSamsara("vehicleStatLogs", vehicle)).toEqual(batch);
  });

  it("reads the GPS odometer and synthetic engine seconds only from a vehicle without the ECU's", () => {
    const { obdOdometerMeters: _odometer, obdEngineSeconds: _seconds, ...fallbacks } = vehicle;
    const points = mapStatHistory({ ...fallbacks, obdOdometerMeters: [] }).points;
    expect(points.filter((point) => point.type === "odometer").map((point) => point.value)).toEqual([640100]);
    expect(points.filter((point) => point.type === "engine_runtime").map((point) => point.value)).toEqual([1000]);
  });

  it("reads a group's object alone (one request's types), and one with no readings", () => {
    expect(mapStatHistory({ id: "1", engineRpm: [{ time: "2025-11-03T14:05:00Z", value: 700.456 }] }).points).toEqual([
      {
        type: "engine_rpm",
        timestamp: "2025-11-03T14:05:00.000Z",
        value: 700.46,
        raw: { time: "2025-11-03T14:05:00Z", value: 700.456 },
      },
    ]);
    expect(mapStatHistory({ id: "1", name: "Truck", engineRpm: null })).toEqual({ vehicleSourceId: "1", points: [] });
  });

  it("refuses unreadable readings: text values, unknown engine states, missing times, a snapshot object", () => {
    malformed(() => mapStatHistory({ ...vehicle, engineRpm: [{ time: "2025-11-03T14:05:00Z", value: "1450" }] }));
    malformed(() => mapStatHistory({ ...vehicle, engineStates: [{ time: "2025-11-03T14:05:00Z", value: "Unknown" }] }));
    malformed(() => mapStatHistory({ ...vehicle, fuelPercents: [{ value: 71 }] }));
    malformed(() => mapStatHistory({ ...vehicle, fuelPercents: { time: "2025-11-03T14:05:00Z", value: 71 } }));
    malformed(() => mapStatHistory({ ...vehicle, id: "" }));
  });

  it("asks for at most three types a request, every stat read in exactly one group", () => {
    for (const group of STAT_TYPE_GROUPS) expect(group.length).toBeLessThanOrEqual(3);
    const all = STAT_TYPE_GROUPS.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(
      [
        "engineStates",
        ...Object.keys(vehicle).filter((key) => key !== "id" && key !== "name" && key !== "engineStates"),
      ].sort(),
    );
  });
});

const TRIP = {
  asset: { id: "281474978683353", name: "Truck 104", type: "vehicle", vin: "1FUJGLDR7CLBP8834" },
  completionStatus: "completed",
  tripStartTime: "2025-11-03T14:02:10Z",
  tripEndTime: "2025-11-03T16:48:55Z",
  startLocation: {
    latitude: 30.2672,
    longitude: -97.7431,
    headingDegrees: 0,
    address: { city: "Austin", state: "TX" },
  },
  endLocation: { latitude: 29.4241, longitude: -98.4936, headingDegrees: 210 },
  createdAtTime: "2025-11-03T14:02:31Z",
  updatedAtTime: "2025-11-03T16:49:40Z",
};

describe("the trips stream → trips", () => {
  it("maps a completed trip, identified by its vehicle and start; Samsara's trips have no driver and no distance", () => {
    expect(mapTrip(TRIP)).toEqual({
      sourceId: "281474978683353:2025-11-03T14:02:10.000Z",
      vehicleSourceId: "281474978683353",
      startLocation: { latitude: 30.2672, longitude: -97.7431 },
      endLocation: { latitude: 29.4241, longitude: -98.4936 },
      startedAt: "2025-11-03T14:02:10.000Z",
      endedAt: "2025-11-03T16:48:55.000Z",
    });
    expect(normalizeSamsara("trips", TRIP)).toEqual(mapTrip(TRIP));
    // One instant is one id, however Samsara writes it.
    expect(mapTrip({ ...TRIP, tripStartTime: "2025-11-03T15:02:10.000+01:00" }).sourceId).toBe(mapTrip(TRIP).sourceId);
  });

  it("leaves out locations the trip does not have", () => {
    const { startLocation: _start, endLocation: _end, ...bare } = TRIP;
    expect(mapTrip({ ...bare, asset: { id: "9" } })).toEqual({
      sourceId: "9:2025-11-03T14:02:10.000Z",
      vehicleSourceId: "9",
      startedAt: "2025-11-03T14:02:10.000Z",
      endedAt: "2025-11-03T16:48:55.000Z",
    });
  });

  it("refuses a trip under way (no end), without an asset, or with unreadable times or places", () => {
    malformed(() => mapTrip({ ...TRIP, completionStatus: "inProgress", tripEndTime: undefined }));
    malformed(() => mapTrip({ ...TRIP, asset: undefined }));
    malformed(() => mapTrip({ ...TRIP, tripStartTime: "soon" }));
    malformed(() => mapTrip({ ...TRIP, endLocation: { latitude: 100, longitude: 0 } }));
  });

  it("keeps only the vehicles' completed trips that started in the window, and anything unreadable", () => {
    const window = { start: new Date("2025-11-03T00:00:00Z"), end: new Date("2025-11-04T00:00:00Z") };
    expect(isVehicleTripIn(TRIP, window)).toBe(true);
    expect(isVehicleTripIn({ ...TRIP, asset: { id: "9" } }, window)).toBe(true);
    expect(isVehicleTripIn({ ...TRIP, asset: { ...TRIP.asset, type: "trailer" } }, window)).toBe(false);
    expect(isVehicleTripIn({ ...TRIP, completionStatus: "inProgress", tripEndTime: undefined }, window)).toBe(false);
    expect(isVehicleTripIn({ ...TRIP, tripStartTime: "2025-11-04T00:00:00Z" }, window)).toBe(false);
    expect(isVehicleTripIn({ ...TRIP, tripStartTime: "2025-11-02T23:59:59Z" }, window)).toBe(false);
    expect(isVehicleTripIn({ ...TRIP, tripStartTime: "2025-11-03T00:00:00Z" }, window)).toBe(true);
    expect(isVehicleTripIn({ asset: "?" }, window)).toBe(true);
  });
});

describe("the adapter's time-series models", () => {
  it("supports the four, paced per token but trips in the stream's own 5-a-second bucket", () => {
    for (const model of ["latestVehicleLocations", "vehicleLocations", "trips", "vehicleStatLogs"] as const) {
      expect(samsaraAdapter.supportedModels[model]).toBe("supported");
    }
    expect(samsaraAdapter.paceBucket).toMatchObject({
      latestVehicleLocations: "token",
      vehicleLocations: "token",
      vehicleStatLogs: "token",
      trips: "trips",
    });
    expect(samsaraAdapter.requestPace.trips).toEqual({ requests: 5, perSeconds: 1 });
  });
});
