/**
 * normalize and the camera media mapping of the Motive adapter, field by field, on payloads in
 * Motive's real shapes (providers.md section 2, its examples and edge cases), in both unit
 * systems; payloads that do not validate are rejected as malformed.
 */
import { describe, expect, it } from "vitest";
import { SAFETY_EVENT_TYPES, type SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { KM_PER_MILE, LITRES_PER_US_GALLON } from "../../src/providers/kit/units";
import { windowDays } from "../../src/providers/kit/windows";
import { motiveAdapter } from "../../src/providers/motive/adapter";
import { decodeMotiveCursor, encodeMotiveCursor } from "../../src/providers/motive/cursor";
import { mapCameraMedia } from "../../src/providers/motive/models/camera-media";
import { EVENT_TYPES } from "../../src/providers/motive/models/safety-events";
import { unitMismatchIssue } from "../../src/providers/motive/models/vehicle-utilization";
import { MOTIVE_EVENT_TYPES } from "../../src/providers/motive/payloads";
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

const VEHICLE = {
  id: 4012,
  company_id: 5531,
  number: "T-104",
  status: "active",
  ifta: true,
  vin: "1XKYD49X6LJ412345",
  make: "Kenworth",
  model: "T680",
  year: "2020",
  license_plate_state: "TX",
  license_plate_number: "R123456",
  metric_units: false,
  fuel_type: "diesel",
  prevent_auto_odometer_entry: false,
  eld_device: { id: 921, identifier: "000090018812345", model: "lbb-3" },
  current_driver: {
    id: 77210,
    first_name: "Ana",
    last_name: "Ruiz",
    username: "aruiz",
    email: null,
    driver_company_id: "D-17",
    status: "active",
    role: "driver",
  },
  group_ids: [12, 7],
  external_ids: [{ external_id: "TMS-104", integration_name: "generic_tms" }],
  created_at: "2022-05-01T14:02:11Z",
  updated_at: "2025-10-29T08:41:00Z",
};

const USER = {
  id: 77210,
  email: "ana.ruiz@example.com",
  first_name: "Ana",
  last_name: "Ruiz",
  username: "aruiz",
  phone: "+15125550143",
  time_zone: "Central Time (US & Canada)",
  role: "driver",
  status: "active",
  driver_company_id: "D-17",
  drivers_license_number: "TX04412345",
  drivers_license_state: "TX",
  duty_status: "off_duty",
  created_at: "2023-02-10T15:00:00Z",
  updated_at: "2025-11-01T06:12:30Z",
};

const ROLLUP_METRIC = {
  vehicle: {
    id: 4012,
    number: "T-104",
    year: "2020",
    make: "Kenworth",
    model: "T680",
    vin: "1XKYD49X6LJ412345",
    metric_units: true,
  },
  utilization: 86.4,
  idle_time: 3180,
  idle_fuel: 6.2,
  driving_time: 20220,
  driving_fuel: 141.7,
};

const trip = (id: number, distance: number, metric: boolean, extra: Record<string, unknown> = {}) => ({
  id,
  date: "2025-11-03",
  jurisdiction: "TX",
  vehicle: { id: 4012, number: "T-104", year: "2020", make: "Kenworth", model: "T680", metric_units: metric },
  start_odometer: 412003.1,
  end_odometer: 412003.1 + distance,
  distance,
  time_zone: "Central Time (US & Canada)",
  ...extra,
});

const EVENT = {
  id: 3328325693,
  type: "hard_brake",
  start_time: "2025-11-03T15:04:05Z",
  end_time: "2025-11-03T15:04:07Z",
  duration: 2,
  acceleration: 0.47,
  start_speed: 88.5,
  end_speed: 41.0,
  lat: 30.2672,
  lon: -97.7431,
  location: "Austin, TX",
  coaching_status: "pending_review",
  metadata: { severity: "high" },
  driver: { id: 77210, first_name: "Ana", last_name: "Ruiz" },
  vehicle: { id: 4012, number: "T-104" },
  camera_media: {
    id: 3328325693,
    available: true,
    uploaded_at: "2025-11-03T15:06:12Z",
    duration: 12,
    auto_transcode_status: "completed",
    downloadable_videos: {
      front_facing_plain_url: "https://example-bucket.s3.amazonaws.com/ff.mp4?X-Amz-Expires=600",
      driver_facing_plain_url: "https://example-bucket.s3.amazonaws.com/df.mp4?X-Amz-Expires=600",
      dual_facing_enhanced_url: null,
    },
    downloadable_images: {
      front_facing_jpg_url: "https://example-bucket.s3.amazonaws.com/ff.jpg?X-Amz-Expires=600",
      driver_facing_jpg_url: "https://example-bucket.s3.amazonaws.com/df.jpg?X-Amz-Expires=600",
    },
  },
};

const NOT_STARTED = {
  id: 3328325694,
  available: true,
  uploaded_at: null,
  auto_transcode_status: "not started",
  downloadable_videos: {
    front_facing_plain_url: null,
    front_facing_enhanced_url: null,
    driver_facing_plain_url: null,
    dual_facing_enhanced_url: null,
  },
  downloadable_images: { front_facing_jpg_url: null, driver_facing_jpg_url: null },
};

describe("Motive vehicles", () => {
  it("maps every field of providers.md's example", () => {
    expect(normalize("vehicles", VEHICLE)).toEqual({
      sourceId: "4012",
      status: "active",
      name: "T-104",
      vin: "1XKYD49X6LJ412345",
      make: "Kenworth",
      model: "T680",
      year: 2020,
      licensePlate: { state: "TX", number: "R123456" },
      fuelType: "diesel",
      groupSourceIds: ["12", "7"],
      deviceSourceIds: ["921"],
      createdAt: "2022-05-01T14:02:11.000Z",
      updatedAt: "2025-10-29T08:41:00.000Z",
    });
  });

  it("deactivated is inactive; missing ELD, groups and nulls leave the fields out", () => {
    const vehicle = normalize("vehicles", {
      ...VEHICLE,
      status: "deactivated",
      eld_device: null,
      group_ids: undefined,
      make: null,
      model: "",
      year: null,
      license_plate_state: null,
      license_plate_number: null,
      fuel_type: null,
      created_at: null,
    });
    expect(vehicle).toEqual({
      sourceId: "4012",
      status: "inactive",
      name: "T-104",
      vin: "1XKYD49X6LJ412345",
      groupSourceIds: [],
      deviceSourceIds: [],
      updatedAt: "2025-10-29T08:41:00.000Z",
    });
  });

  it("maps Motive's fuels to ours where one corresponds, and leaves the others unset", () => {
    const fuel = (fuel_type: string) => normalize("vehicles", { ...VEHICLE, fuel_type }).fuelType;
    expect(fuel("diesel")).toBe("diesel");
    expect(fuel("biodiesel")).toBe("diesel");
    expect(fuel("gasoline")).toBe("gasoline");
    expect(fuel("ethanol")).toBe("gasoline");
    expect(fuel("e85")).toBe("gasoline");
    expect(fuel("propane")).toBe("propane");
    expect(fuel("electric")).toBe("electric");
    for (const other of ["lng", "cng", "methanol", "m85", "a55", "other", "hydrogen"])
      expect(fuel(other)).toBeUndefined();
  });

  it("reads a numeric year, timestamps with offsets or microseconds, and ignores an implausible year", () => {
    expect(normalize("vehicles", { ...VEHICLE, year: 2019 }).year).toBe(2019);
    expect(normalize("vehicles", { ...VEHICLE, year: "unknown" }).year).toBeUndefined();
    const times = normalize("vehicles", {
      ...VEHICLE,
      created_at: "2016-02-24T06:26:00.000000Z",
      updated_at: "2025-10-29T03:41:00-05:00",
    });
    expect(times.createdAt).toBe("2016-02-24T06:26:00.000Z");
    expect(times.updatedAt).toBe("2025-10-29T08:41:00.000Z");
  });

  it("rejects payloads that are not Motive vehicles", () => {
    expectMalformed("vehicles", { ...VEHICLE, id: "4012" });
    expectMalformed("vehicles", { ...VEHICLE, status: "retired" });
    expectMalformed("vehicles", { vehicle: VEHICLE });
    expectMalformed("vehicles", null);
  });
});

describe("Motive drivers", () => {
  it("maps every field of providers.md's example", () => {
    expect(normalize("drivers", USER)).toEqual({
      sourceId: "77210",
      status: "active",
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana.ruiz@example.com",
      phone: "+15125550143",
      username: "aruiz",
      license: { state: "TX", number: "TX04412345" },
      groupSourceIds: [],
      createdAt: "2023-02-10T15:00:00.000Z",
      updatedAt: "2025-11-01T06:12:30.000Z",
    });
  });

  it("a deactivated driver without licence, email or username keeps only what it has", () => {
    expect(
      normalize("drivers", {
        id: 161,
        first_name: "Alexandrea",
        last_name: "Koch",
        email: null,
        username: null,
        role: "driver",
        status: "deactivated",
      }),
    ).toEqual({ sourceId: "161", status: "inactive", firstName: "Alexandrea", lastName: "Koch", groupSourceIds: [] });
  });

  it("rejects users who are not drivers and malformed users", () => {
    expectMalformed("drivers", { ...USER, role: "admin" });
    expectMalformed("drivers", { ...USER, status: "unknown" });
    expectMalformed("drivers", { ...USER, id: -1 });
  });
});

describe("Motive groups and ELD devices", () => {
  it("groups: a parent when parent_id is set", () => {
    expect(normalize("groups", { id: 6, name: "Garden", company_id: 75, creator: null })).toEqual({
      sourceId: "6",
      name: "Garden",
    });
    expect(normalize("groups", { id: 7, name: "Yard", company_id: 75, parent_id: 6 })).toEqual({
      sourceId: "7",
      name: "Yard",
      parentSourceId: "6",
    });
    expect(normalize("groups", { id: 8, name: "Root", parent_id: null })).toEqual({ sourceId: "8", name: "Root" });
    expectMalformed("groups", { id: 9, name: "" });
  });

  it("ELD devices are trackers: the identifier is the serial, the model the description", () => {
    const device = {
      vehicle: { id: 1, number: "Demo Vehicle", year: "2016", make: "Demo", model: "Vehicle", metric_units: false },
      id: 1,
      identifier: "81323613",
      model: "lbb-1",
    };
    expect(normalize("devices", device)).toEqual({
      sourceId: "1",
      type: "tracker",
      vehicleSourceId: "1",
      description: "lbb-1",
      serialNumber: "81323613",
    });
    expect(normalize("devices", { ...device, vehicle: null, model: null })).toEqual({
      sourceId: "1",
      type: "tracker",
      serialNumber: "81323613",
    });
    expectMalformed("devices", { identifier: "81323613" });
  });
});

describe("Motive vehicle-days (utilization rollup + IFTA trips)", () => {
  it("metric: litres and km as they are, seconds to milliseconds, the whole UTC day", () => {
    const day = normalize("vehicleUtilization", {
      date: "2025-11-03",
      vehicle_idle_rollup: ROLLUP_METRIC,
      ifta_trips: [trip(1, 120.25, true), trip(2, 131.5, true, { jurisdiction: "OK" })],
    });
    expect(day).toEqual({
      vehicleSourceId: "4012",
      date: "2025-11-03",
      startAt: "2025-11-03T00:00:00.000Z",
      endAt: "2025-11-04T00:00:00.000Z",
      distance: 251.75,
      fuelConsumed: 147.9,
      durations: { driving: 20_220_000, idling: 3_180_000 },
    });
  });

  it("imperial: US gallons and miles converted by each row's own unit flag", () => {
    const day = normalize("vehicleUtilization", {
      date: "2025-11-03",
      vehicle_idle_rollup: {
        ...ROLLUP_METRIC,
        vehicle: { ...ROLLUP_METRIC.vehicle, metric_units: false },
        idle_fuel: 1.5,
        driving_fuel: 37.4,
      },
      ifta_trips: [trip(1, 251.6, false), trip(2, 10, true)],
    });
    expect(day.fuelConsumed).toBe(round2((1.5 + 37.4) * LITRES_PER_US_GALLON));
    expect(day.fuelConsumed).toBe(147.25);
    expect(day.distance).toBe(round2(251.6 * KM_PER_MILE + 10));
    expect(day.distance).toBe(414.91);
    expect(day.durations).toEqual({ driving: 20_220_000, idling: 3_180_000 });
  });

  it("only the day's trips of the rollup's vehicle count; no trips (or no IFTA access) is 0 km", () => {
    const base = { date: "2025-11-03", vehicle_idle_rollup: ROLLUP_METRIC };
    const other = trip(3, 99, true, { vehicle: { id: 9999, metric_units: true } });
    const yesterday = trip(4, 77, true, { date: "2025-11-02" });
    expect(
      normalize("vehicleUtilization", { ...base, ifta_trips: [trip(1, 12.5, true), other, yesterday] }).distance,
    ).toBe(12.5);
    expect(normalize("vehicleUtilization", { ...base, ifta_trips: [] }).distance).toBe(0);
    expect(normalize("vehicleUtilization", { ...base, ifta_trips: null }).distance).toBe(0);
  });

  it("conversions round back exactly: the noise of km → miles → km never tips a 2-decimal boundary", () => {
    for (const km of [123.455, 40.125, 0.005, 999.995, 312.4449, 150.015]) {
      const day = normalize("vehicleUtilization", {
        date: "2025-11-03",
        vehicle_idle_rollup: {
          ...ROLLUP_METRIC,
          idle_fuel: km / 2 / LITRES_PER_US_GALLON,
          driving_fuel: km / 2 / LITRES_PER_US_GALLON,
          vehicle: { ...ROLLUP_METRIC.vehicle, metric_units: false },
        },
        ifta_trips: [trip(1, (km * 0.6) / KM_PER_MILE, false), trip(2, (km * 0.4) / KM_PER_MILE, false)],
      });
      expect(day.distance, String(km)).toBe(Math.round(km * 100) / 100);
      expect(day.fuelConsumed, String(km)).toBe(Math.round(km * 100) / 100);
    }
  });

  it("rejects rollups without a unit flag or with negative values, and days without a date", () => {
    const { metric_units: _flag, ...vehicleWithoutFlag } = ROLLUP_METRIC.vehicle;
    expectMalformed("vehicleUtilization", {
      date: "2025-11-03",
      vehicle_idle_rollup: { ...ROLLUP_METRIC, vehicle: vehicleWithoutFlag },
      ifta_trips: [],
    });
    expectMalformed("vehicleUtilization", {
      date: "2025-11-03",
      vehicle_idle_rollup: { ...ROLLUP_METRIC, idle_fuel: -1 },
      ifta_trips: [],
    });
    expectMalformed("vehicleUtilization", { vehicle_idle_rollup: ROLLUP_METRIC, ifta_trips: [] });
    expectMalformed("vehicleUtilization", ROLLUP_METRIC);
  });
});

describe("Motive safety events (driver performance events)", () => {
  it("maps providers.md's example: type, references, place, times, speed in km/h, braking g, both cameras", () => {
    expect(normalize("safetyEvents", EVENT)).toEqual({
      sourceId: "3328325693",
      type: "harsh_brake",
      sourceType: "hard_brake",
      driverSourceId: "77210",
      vehicleSourceId: "4012",
      startLocation: { latitude: 30.2672, longitude: -97.7431 },
      startedAt: "2025-11-03T15:04:05.000Z",
      endedAt: "2025-11-03T15:04:07.000Z",
      stats: { maximumSpeed: 88.5, gForceForwardBackward: -0.47 },
      cameraMedia: {
        frontFacing: { sourceId: "3328325693-front_facing", available: true },
        rearFacing: { sourceId: "3328325693-driver_facing", available: true },
      },
    });
  });

  it("every Motive behaviour maps to a wire-compat type; unknown behaviours are rejected", () => {
    for (const type of MOTIVE_EVENT_TYPES) {
      expect(SAFETY_EVENT_TYPES).toContain(normalize("safetyEvents", { ...EVENT, type }).type);
    }
    expect(EVENT_TYPES).toMatchObject({
      hard_accel: "harsh_acceleration",
      hard_corner: "harsh_turn",
      distraction: "distracted",
      forward_collision_warning: "near_crash",
      road_facing_cam_obstruction: "camera_obstruction",
      driver_facing_cam_obstruction: "camera_obstruction",
    });
    expectMalformed("safetyEvents", { ...EVENT, type: "manual_event" });
    expectMalformed("safetyEvents", { ...EVENT, start_time: "yesterday" });
  });

  it("g-forces by behaviour (numeric strings too), max_speed over start and end speeds, bearing as heading", () => {
    const accel = normalize("safetyEvents", { ...EVENT, type: "hard_accel", acceleration: "0.31", max_speed: 92.25 });
    expect(accel.stats).toEqual({ maximumSpeed: 92.25, gForceForwardBackward: 0.31 });
    const corner = normalize("safetyEvents", {
      ...EVENT,
      type: "hard_corner",
      acceleration: -0.52,
      start_bearing: "271.5",
    });
    expect(corner.stats).toEqual({ maximumSpeed: 88.5, gForceSideToSide: 0.52, heading: 271.5 });
    const phone = normalize("safetyEvents", { ...EVENT, type: "cell_phone", acceleration: 0.1 });
    expect(phone.stats).toEqual({ maximumSpeed: 88.5 });
    const still = normalize("safetyEvents", {
      ...EVENT,
      acceleration: null,
      start_speed: null,
      end_speed: null,
      lat: null,
      lon: null,
      end_time: null,
      driver: null,
      camera_media: null,
    });
    expect(still).toEqual({
      sourceId: "3328325693",
      type: "harsh_brake",
      sourceType: "hard_brake",
      vehicleSourceId: "4012",
      startedAt: "2025-11-03T15:04:05.000Z",
      cameraMedia: {},
    });
  });

  it("camera references: none without media or with available=false; pending while not transcoded; a still counts", () => {
    const media = (camera_media: unknown) => normalize("safetyEvents", { ...EVENT, camera_media }).cameraMedia;
    expect(media(null)).toEqual({});
    expect(media(undefined)).toEqual({});
    expect(media({ ...NOT_STARTED, available: false, downloadable_videos: null, downloadable_images: null })).toEqual(
      {},
    );
    expect(media(NOT_STARTED)).toEqual({ frontFacing: { sourceId: "3328325694-front_facing", available: false } });
    expect(
      media({
        ...NOT_STARTED,
        downloadable_images: { front_facing_jpg_url: "https://s3.example.com/ff.jpg", driver_facing_jpg_url: null },
      }),
    ).toEqual({ frontFacing: { sourceId: "3328325694-front_facing", available: true } });
  });
});

describe("Motive camera media (read live)", () => {
  it("road-facing → frontFacing, driver-facing → rearFacing, plain video preferred, with stills", () => {
    expect(mapCameraMedia(EVENT)).toEqual({
      frontFacing: {
        sourceId: "3328325693-front_facing",
        videoUrl: "https://example-bucket.s3.amazonaws.com/ff.mp4?X-Amz-Expires=600",
        imageUrl: "https://example-bucket.s3.amazonaws.com/ff.jpg?X-Amz-Expires=600",
      },
      rearFacing: {
        sourceId: "3328325693-driver_facing",
        videoUrl: "https://example-bucket.s3.amazonaws.com/df.mp4?X-Amz-Expires=600",
        imageUrl: "https://example-bucket.s3.amazonaws.com/df.jpg?X-Amz-Expires=600",
      },
    });
  });

  it("an enhanced video when there is no plain one; a still alone when not transcoded", () => {
    const enhancedOnly = mapCameraMedia({
      ...EVENT,
      camera_media: {
        ...NOT_STARTED,
        auto_transcode_status: "completed",
        downloadable_videos: { front_facing_enhanced_url: "https://s3.example.com/ffe.mp4" },
      },
    });
    expect(enhancedOnly).toEqual({
      frontFacing: { sourceId: "3328325694-front_facing", videoUrl: "https://s3.example.com/ffe.mp4" },
    });
    const stillOnly = mapCameraMedia({
      ...EVENT,
      camera_media: { ...NOT_STARTED, downloadable_images: { front_facing_jpg_url: "https://s3.example.com/ff.jpg" } },
    });
    expect(stillOnly).toEqual({
      frontFacing: { sourceId: "3328325694-front_facing", imageUrl: "https://s3.example.com/ff.jpg" },
    });
  });

  it("media not transcoded yet (every link null) is provisioning_pending; no camera is no media", () => {
    const pending = caught(() => mapCameraMedia({ ...EVENT, camera_media: NOT_STARTED }));
    expect(pending.kind).toBe("provisioning_pending");
    expect(pending.message).toContain("not started");
    expect(mapCameraMedia({ ...EVENT, camera_media: { ...NOT_STARTED, available: false } })).toEqual({});
    expect(mapCameraMedia({ ...EVENT, camera_media: null })).toEqual({});
    expect(caught(() => mapCameraMedia(undefined)).kind).toBe("malformed");
    expect(
      caught(() =>
        mapCameraMedia({
          ...EVENT,
          camera_media: { ...NOT_STARTED, downloadable_images: { front_facing_jpg_url: "not a url" } },
        }),
      ).kind,
    ).toBe("malformed");
  });
});

describe("Motive helpers", () => {
  it("round2 rounds half up at 2 decimals after removing conversion noise", () => {
    expect(round2(123.45500000000001)).toBe(Math.round(123.455 * 100) / 100);
    expect(round2(123.45499999999998)).toBe(Math.round(123.455 * 100) / 100);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(-0.001)).toBe(0);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
  });

  it("cursors: page numbers, with the day for utilization; anything else is malformed", () => {
    expect(encodeMotiveCursor({ page: 3 })).toBe("3");
    expect(encodeMotiveCursor({ day: "2026-11-03", page: 2 })).toBe("2026-11-03/2");
    expect(decodeMotiveCursor("3", false)).toEqual({ page: 3 });
    expect(decodeMotiveCursor("2026-11-03/2", true)).toEqual({ day: "2026-11-03", page: 2 });
    for (const [text, withDay] of [
      ["0", false],
      ["-1", false],
      ["abc", false],
      ["2026-11-03/2", false],
      ["3", true],
      ["2026-13-45/1", true],
      ["", false],
    ] as const) {
      expect(caught(() => decodeMotiveCursor(text, withDay)).kind, text).toBe("malformed");
    }
  });

  it("rollups answered in imperial units although metric was asked for are reported as unreliable", () => {
    const imperial = { ...ROLLUP_METRIC, vehicle: { ...ROLLUP_METRIC.vehicle, metric_units: false } };
    expect(unitMismatchIssue([ROLLUP_METRIC, ROLLUP_METRIC])).toBeUndefined();
    expect(unitMismatchIssue([])).toBeUndefined();
    expect(unitMismatchIssue([ROLLUP_METRIC, imperial, imperial])).toEqual({
      code: "inaccessible_data",
      message: expect.stringContaining("2 utilization row(s) in US gallons"),
    });
  });

  it("windowDays lists the UTC days that intersect a window", () => {
    const at = (iso: string) => new Date(iso);
    expect(windowDays({ start: at("2026-11-01T00:00:00Z"), end: at("2026-11-04T00:00:00Z") })).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
    ]);
    expect(windowDays({ start: at("2026-11-01T18:00:00Z"), end: at("2026-11-02T06:00:00Z") })).toEqual([
      "2026-11-01",
      "2026-11-02",
    ]);
    expect(windowDays({ start: at("2026-11-01T00:00:00Z"), end: at("2026-11-01T00:00:00Z") })).toEqual([]);
  });
});
