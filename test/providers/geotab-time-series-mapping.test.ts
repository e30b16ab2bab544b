/**
 * Geotab's time-series payloads → the normalized model, on payloads in MyGeotab's own field
 * names and nesting (providers-families.md §3.1, §3.2, §3.5): DeviceStatusInfo with current
 * StatusData, LogRecords (interpolated ones without id), Trips with the trip before them, and
 * StatusData of each stock diagnostic in its SI unit (meters, seconds, Pa…), converted to km,
 * ms, PSI; and the payloads that must be refused.
 */
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";

const normalize = geotabAdapter.normalize.bind(geotabAdapter);

function expectMalformed(model: SyncModel, payload: unknown) {
  try {
    normalize(model, payload);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("malformed");
    return;
  }
  throw new Error(`${model}: ${JSON.stringify(payload)} was accepted`);
}

describe("what the adapter declares", () => {
  it("serves the four time-series models, paced with MyGeotab's other calls, with no fixed breadcrumb rate", () => {
    for (const model of ["latestVehicleLocations", "vehicleLocations", "trips", "vehicleStatLogs"] as const) {
      expect(geotabAdapter.supportedModels[model], model).toBe("supported");
      expect(geotabAdapter.paceBucket[model], model).toBe("calls");
    }
    expect(geotabAdapter.locationSampling).toEqual({ sampleRateSeconds: null, availableHistoryDays: null });
  });
});

const reading = (diagnostic: string, data: number, dateTime = "2025-11-03T15:04:05.000Z") => ({
  dateTime,
  device: { id: "b20" },
  diagnostic: { id: diagnostic },
  controller: "ControllerNoneId",
  data,
});

const STATUS_INFO = {
  device: { id: "b20" },
  driver: { id: "b3A" },
  dateTime: "2025-11-03T15:04:05.000Z",
  latitude: 30.2672,
  longitude: -97.7431,
  speed: 67,
  bearing: 271,
  isDriving: true,
  isDeviceCommunicating: true,
  isHistoricLastDriver: false,
  currentStateDuration: "1.02:03:04",
  exceptionEvents: [],
  groups: [{ id: "b27AB" }],
  version: "0000000000043a1f",
};
const NOW_READINGS = [
  reading("DiagnosticOdometerId", 401_220_456),
  reading("DiagnosticFuelLevelId", 62.5),
  reading("DiagnosticIgnitionId", 1),
  reading("DiagnosticEngineHoursId", 14_860_192.5),
];
const latest = (info: object, statusData: object[] = NOW_READINGS) => ({ deviceStatusInfo: info, statusData });

describe("latest vehicle locations (DeviceStatusInfo + current StatusData)", () => {
  it("maps position, bearing, km/h, and odometer meters → km, engine hours seconds → ms, fuel %", () => {
    expect(normalize("latestVehicleLocations", latest(STATUS_INFO))).toEqual({
      vehicleSourceId: "b20",
      driverSourceId: "b3A",
      locatedAt: "2025-11-03T15:04:05.000Z",
      location: { latitude: 30.2672, longitude: -97.7431 },
      heading: 271,
      speed: 67,
      odometer: 401_220.46,
      fuel: { primaryPercentage: 62.5 },
      engineState: "on",
      engineRuntime: 14_860_192_500,
    });
  });

  it("takes bearing -1 as no heading, UnknownDriverId (bare or as a reference) as no driver", () => {
    for (const driver of ["UnknownDriverId", { id: "UnknownDriverId" }]) {
      const normalized = normalize("latestVehicleLocations", latest({ ...STATUS_INFO, bearing: -1, driver }));
      expect(normalized).not.toHaveProperty("heading");
      expect(normalized).not.toHaveProperty("driverSourceId");
    }
    expect(normalize("latestVehicleLocations", latest({ ...STATUS_INFO, bearing: 0 })).heading).toBe(0);
  });

  it.each([
    ["ignition off", 0, { isDriving: false, speed: 0 }, "off"],
    ["ignition on, driving", 1, { isDriving: true, speed: 67 }, "on"],
    ["ignition on, stopped", 1, { isDriving: false, speed: 0 }, "idle"],
    ["ignition on, driving state at speed 0", 1, { isDriving: true, speed: 0 }, "idle"],
  ] as const)("engine state: %s → %s", (_, ignition, state, engineState) => {
    const statusData = [reading("DiagnosticIgnitionId", ignition)];
    expect(normalize("latestVehicleLocations", latest({ ...STATUS_INFO, ...state }, statusData)).engineState).toBe(
      engineState,
    );
  });

  it("without current StatusData keeps what DeviceStatusInfo says (on while driving), and the latest reading of each", () => {
    const driving = normalize("latestVehicleLocations", latest(STATUS_INFO, []));
    expect(driving).toMatchObject({ engineState: "on", speed: 67 });
    for (const field of ["odometer", "fuel", "engineRuntime"]) expect(driving).not.toHaveProperty(field);
    const parked = normalize("latestVehicleLocations", latest({ ...STATUS_INFO, isDriving: false, speed: 0 }, []));
    expect(parked).not.toHaveProperty("engineState");
    const { speed: _speed, bearing: _bearing, driver: _driver, ...bare } = STATUS_INFO;
    expect(normalize("latestVehicleLocations", latest(bare, []))).toEqual({
      vehicleSourceId: "b20",
      locatedAt: "2025-11-03T15:04:05.000Z",
      location: { latitude: 30.2672, longitude: -97.7431 },
      engineState: "on",
    });
    const twice = [
      reading("DiagnosticOdometerId", 1_000_000, "2025-11-03T15:04:06.000Z"),
      reading("DiagnosticOdometerId", 999_000, "2025-11-03T15:04:05.000Z"),
    ];
    expect(normalize("latestVehicleLocations", latest(STATUS_INFO, twice)).odometer).toBe(1000);
  });

  it.each([
    ["no device", latest({ ...STATUS_INFO, device: undefined })],
    ["a latitude off the globe", latest({ ...STATUS_INFO, latitude: 91 })],
    ["a bearing of 400", latest({ ...STATUS_INFO, bearing: 400 })],
    ["no dateTime", latest({ ...STATUS_INFO, dateTime: undefined })],
    ["a TimeSpan that is not one", latest({ ...STATUS_INFO, currentStateDuration: "PT1H" })],
    [
      "another device's StatusData",
      latest(STATUS_INFO, [{ ...reading("DiagnosticOdometerId", 1), device: { id: "b21" } }]),
    ],
    ["an ignition reading of 2", latest(STATUS_INFO, [reading("DiagnosticIgnitionId", 2)])],
    ["a negative odometer", latest(STATUS_INFO, [reading("DiagnosticOdometerId", -5)])],
    ["no StatusData list", { deviceStatusInfo: STATUS_INFO }],
    ["a bare DeviceStatusInfo", STATUS_INFO],
  ])("refuses %s", (_, payload) => expectMalformed("latestVehicleLocations", payload));
});

// providers-families.md §3.1: a stored LogRecord, then the one Geotab interpolated at fromDate (no id).
const LOG_RECORD = {
  id: "b8E3C21",
  dateTime: "2025-11-03T15:04:05.000Z",
  device: { id: "b20" },
  latitude: 30.2672,
  longitude: -97.7431,
  speed: 67,
  isLastActive: false,
};
const INTERPOLATED = {
  dateTime: "2025-11-03T15:00:00.000Z",
  device: { id: "b20" },
  latitude: 30.2511,
  longitude: -97.7502,
  speed: 62,
};

describe("breadcrumbs (LogRecord)", () => {
  it("maps one LogRecord to a batch of one point: km/h as sent, its id, no heading", () => {
    expect(normalize("vehicleLocations", LOG_RECORD)).toEqual({
      vehicleSourceId: "b20",
      points: [
        {
          locatedAt: "2025-11-03T15:04:05.000Z",
          location: { latitude: 30.2672, longitude: -97.7431 },
          speed: 67,
          sourceId: "b8E3C21",
        },
      ],
    });
  });

  it("keeps an interpolated record without a source id, and leaves out an invalid speed", () => {
    expect(normalize("vehicleLocations", INTERPOLATED).points[0]).not.toHaveProperty("sourceId");
    expect(normalize("vehicleLocations", { ...LOG_RECORD, isLastActive: null, speed: 88.456 }).points[0]!.speed).toBe(
      88.46,
    );
    for (const speed of [-1, undefined]) {
      expect(normalize("vehicleLocations", { ...LOG_RECORD, speed }).points[0]).not.toHaveProperty("speed");
    }
  });

  it.each([
    ["no dateTime", { ...LOG_RECORD, dateTime: undefined }],
    ["a date that is not one", { ...LOG_RECORD, dateTime: "yesterday" }],
    ["no device", { ...LOG_RECORD, device: undefined }],
    ["a bare device id", { ...LOG_RECORD, device: "b20" }],
    ["a longitude of 200", { ...LOG_RECORD, longitude: 200 }],
    ["a latitude as text", { ...LOG_RECORD, latitude: "30.2672" }],
    ["no position", { id: "b1", dateTime: LOG_RECORD.dateTime, device: { id: "b20" } }],
  ])("refuses %s", (_, payload) => expectMalformed("vehicleLocations", payload));
});

// providers.md §3.7's Trip, and the trip before it (its stopPoint is where this one started).
const TRIP = {
  id: "b3440B9",
  device: { id: "b20" },
  driver: { id: "b3A" },
  start: "2025-11-03T14:02:10.000Z",
  stop: "2025-11-03T16:48:55.000Z",
  nextTripStart: "2025-11-03T17:20:02.000Z",
  distance: 201.428,
  drivingDuration: "02:46:45",
  idlingDuration: "00:12:31",
  stopDuration: "00:31:07",
  averageSpeed: 72.5,
  maximumSpeed: 108,
  stopPoint: { x: -97.7431, y: 30.2672 },
  isSeatBeltOff: false,
  odometer: 401_612_900,
  engineHours: 14_860_192,
};
const PREVIOUS = {
  ...TRIP,
  id: "b3440B8",
  start: "2025-11-03T09:15:00.000Z",
  stop: "2025-11-03T11:40:12.000Z",
  nextTripStart: TRIP.start,
  stopPoint: { x: -96.797, y: 32.7767 },
};

describe("trips (Trip, with the trip before it)", () => {
  it("starts where the trip before stopped, ends at its stopPoint (x longitude, y latitude), in km", () => {
    expect(normalize("trips", { trip: TRIP, previousTrip: PREVIOUS })).toEqual({
      sourceId: "b3440B9",
      vehicleSourceId: "b20",
      driverSourceId: "b3A",
      startLocation: { latitude: 32.7767, longitude: -96.797 },
      endLocation: { latitude: 30.2672, longitude: -97.7431 },
      distance: 201.43,
      startedAt: "2025-11-03T14:02:10.000Z",
      endedAt: "2025-11-03T16:48:55.000Z",
    });
  });

  it("has no start location without a trip before it, no end without a stopPoint, no driver when unknown", () => {
    const { stopPoint: _stopPoint, ...withoutStop } = TRIP;
    const normalized = normalize("trips", { trip: { ...withoutStop, driver: "UnknownDriverId" } });
    expect(normalized).toEqual({
      sourceId: "b3440B9",
      vehicleSourceId: "b20",
      distance: 201.43,
      startedAt: "2025-11-03T14:02:10.000Z",
      endedAt: "2025-11-03T16:48:55.000Z",
    });
    const withoutPoint = { ...PREVIOUS, stopPoint: undefined };
    expect(normalize("trips", { trip: TRIP, previousTrip: withoutPoint })).not.toHaveProperty("startLocation");
  });

  it.each([
    ["a bare Trip", TRIP],
    ["a trip without an id", { trip: { ...TRIP, id: undefined } }],
    ["a stop before the start", { trip: { ...TRIP, stop: "2025-11-03T13:00:00.000Z" } }],
    ["no distance", { trip: { ...TRIP, distance: undefined } }],
    ["a negative distance", { trip: { ...TRIP, distance: -1 } }],
    ["a drivingDuration that is not a TimeSpan", { trip: { ...TRIP, drivingDuration: "2h46m" } }],
    ["a stopPoint off the globe", { trip: { ...TRIP, stopPoint: { x: -97.7, y: 95 } } }],
    ["a trip before of another device", { trip: TRIP, previousTrip: { ...PREVIOUS, device: { id: "b21" } } }],
    [
      "a trip before that starts later",
      { trip: TRIP, previousTrip: { ...PREVIOUS, start: "2025-11-03T15:00:00.000Z" } },
    ],
  ])("refuses %s", (_, payload) => expectMalformed("trips", payload));
});

describe("stat histories (StatusData)", () => {
  it.each([
    ["DiagnosticOdometerId", 401_220_456, "odometer", 401_220.46],
    ["DiagnosticEngineHoursId", 3_600.5, "engine_runtime", 3_600_500],
    ["DiagnosticFuelLevelId", 62.537, "fuel_level", 62.54],
    ["DiagnosticDeviceTotalFuelId", 48_213.7, "total_fuel_consumption", 48_213.7],
    ["DiagnosticEngineCoolantTemperatureId", -5.5, "engine_coolant_temperature", -5.5],
    ["DiagnosticOilPressureId", 275_790, "engine_oil_pressure", 40],
    ["DiagnosticEngineSpeedId", 1_450, "engine_rpm", 1_450],
    ["DiagnosticGoDeviceVoltageId", 13.84, "battery_voltage", 13.84],
    ["DiagnosticIgnitionId", 1, "engine_state", "on"],
    ["DiagnosticIgnitionId", 0, "engine_state", "off"],
  ] as const)("%s %d → %s %s", (diagnostic, data, type, value) => {
    expect(
      normalize("vehicleStatLogs", { id: "b21568D6", version: "00000000021568d6", ...reading(diagnostic, data) }),
    ).toEqual({
      vehicleSourceId: "b20",
      points: [{ type, timestamp: "2025-11-03T15:04:05.000Z", value }],
    });
  });

  it.each([
    ["a diagnostic that is no stat of ours", reading("DiagnosticEngineRoadSpeedId", 88)],
    ["an ignition reading of 0.5", reading("DiagnosticIgnitionId", 0.5)],
    ["a negative odometer", reading("DiagnosticOdometerId", -1)],
    ["a negative fuel level", reading("DiagnosticFuelLevelId", -3)],
    ["no data", { ...reading("DiagnosticFuelLevelId", 1), data: undefined }],
    ["data as text", { ...reading("DiagnosticFuelLevelId", 1), data: "62.5" }],
    ["no diagnostic", { ...reading("DiagnosticFuelLevelId", 1), diagnostic: undefined }],
    ["a bare diagnostic id", { ...reading("DiagnosticFuelLevelId", 1), diagnostic: "DiagnosticFuelLevelId" }],
    ["no dateTime", { ...reading("DiagnosticFuelLevelId", 1), dateTime: undefined }],
  ])("refuses %s", (_, payload) => expectMalformed("vehicleStatLogs", payload));
});
