/**
 * Samsara's payloads → the normalized model, field by field, on realistic payloads (the
 * shapes and example values of providers.md section 1) and the edge cases Samsara sends:
 * blank strings, string years, deprecated flags, electric vehicles, unknown behaviour labels,
 * media not uploaded yet, driver names of every form.
 */
import { describe, expect, it } from "vitest";
import { SAFETY_EVENT_TYPES } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { normalizeSamsara } from "../../src/providers/samsara/adapter";
import { safetyEventType } from "../../src/providers/samsara/behavior-labels";
import { mapEventMedia } from "../../src/providers/samsara/models/camera-media";
import { deviceItems, mapDevice } from "../../src/providers/samsara/models/devices";
import { mapDriver } from "../../src/providers/samsara/models/drivers";
import { mapTag } from "../../src/providers/samsara/models/groups";
import { hasKnownType, mapSafetyEvent } from "../../src/providers/samsara/models/safety-events";
import { mapUtilizationDay, windowDays } from "../../src/providers/samsara/models/vehicle-utilization";
import { mapVehicle } from "../../src/providers/samsara/models/vehicles";
import { splitName } from "../../src/providers/samsara/names";
import { type SamsaraMediaItem, samsaraSafetyEvent } from "../../src/providers/samsara/payloads";

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

describe("driver names", () => {
  it.each([
    ["Susan Bob", { firstName: "Susan", lastName: "Bob" }],
    ["Mary Ann van der Berg", { firstName: "Mary", middleName: "Ann", lastName: "van der Berg" }],
    ["Ludwig van Beethoven", { firstName: "Ludwig", lastName: "van Beethoven" }],
    ["José de la Cruz", { firstName: "José", lastName: "de la Cruz" }],
    ["Eddie Van Halen", { firstName: "Eddie", lastName: "Van Halen" }],
    ["Martin Luther King Jr.", { firstName: "Martin", middleName: "Luther", lastName: "King Jr." }],
    ["John Ronald Reuel Tolkien", { firstName: "John", middleName: "Ronald Reuel", lastName: "Tolkien" }],
    ["Cher", { firstName: "Cher" }],
    ["  Ana   Garcia  ", { firstName: "Ana", lastName: "Garcia" }],
    ["Garcia, Ana Maria", { firstName: "Ana", middleName: "Maria", lastName: "Garcia" }],
    ["van der Berg, Mary Ann", { firstName: "Mary", middleName: "Ann", lastName: "van der Berg" }],
    ["Ana Garcia, Jr.", { firstName: "Ana", lastName: "Garcia Jr." }],
    ["Garcia,", { lastName: "Garcia" }],
    ["", {}],
    ["   ", {}],
  ])("%j → %j", (name, expected) => {
    expect(splitName(name)).toEqual(expected);
  });

  it("treats a particle that is the first word as a first name", () => {
    expect(splitName("Van Morrison")).toEqual({ firstName: "Van", lastName: "Morrison" });
  });
});

describe("tags → groups", () => {
  it("maps a tag and its parent (parentTagId, or the parentTag object)", () => {
    expect(mapTag({ id: "3914", name: "West Region", parentTagId: "3900", vehicles: [{ id: "1" }] })).toEqual({
      sourceId: "3914",
      name: "West Region",
      parentSourceId: "3900",
    });
    expect(mapTag({ id: "3914", name: "West", parentTag: { id: "3900", name: "All" } })).toEqual({
      sourceId: "3914",
      name: "West",
      parentSourceId: "3900",
    });
    expect(mapTag({ id: "3900", name: "All", parentTagId: "" })).toEqual({ sourceId: "3900", name: "All" });
    malformed(() => mapTag({ id: "1" }));
  });
});

const VEHICLE = {
  id: "281474978683353",
  name: "Truck 104",
  vin: "1FUJGLDR7CLBP8834",
  make: "Freightliner",
  model: "Cascadia",
  year: "2021",
  licensePlate: "7ABC123",
  serial: "GFRV-43N-VGX",
  gateway: { model: "VG54NA", serial: "GFRV-43N-VGX" },
  cameraSerial: "CNCV-Z6F-AF2",
  tags: [{ id: "3914", name: "West Region", parentTagId: "3900" }],
  externalIds: { maintenanceId: "250020" },
  staticAssignedDriver: { id: "88668", name: "Susan Bob" },
  vehicleRegulationMode: "regulated",
  createdAtTime: "2023-03-14T17:22:05Z",
  updatedAtTime: "2025-11-02T09:10:44.123Z",
};

describe("vehicles", () => {
  it("maps every field Samsara has: the year from a string, the plate without a state, devices by serial, ISO times", () => {
    expect(mapVehicle(VEHICLE)).toEqual({
      sourceId: "281474978683353",
      status: "active",
      name: "Truck 104",
      vin: "1FUJGLDR7CLBP8834",
      make: "Freightliner",
      model: "Cascadia",
      year: 2021,
      licensePlate: { number: "7ABC123" },
      groupSourceIds: ["3914"],
      deviceSourceIds: ["GFRV-43N-VGX", "CNCV-Z6F-AF2"],
      createdAt: "2023-03-14T17:22:05.000Z",
      updatedAt: "2025-11-02T09:10:44.123Z",
    });
  });

  it("leaves out blank fields, implausible years and absent devices; has no fuel type, economy or tank", () => {
    const vehicle = mapVehicle({
      id: "1",
      name: "",
      vin: "  ",
      year: "n/a",
      licensePlate: "",
      gateway: null,
      serial: "ABCD-123",
      tags: [{ id: "7" }, { id: "7" }],
      createdAtTime: "2024-02-30T99:00:00Z",
    });
    expect(vehicle).toEqual({
      sourceId: "1",
      status: "active",
      groupSourceIds: ["7"],
      deviceSourceIds: ["ABCD-123"],
    });
    expect(mapVehicle({ id: "2", year: 2019 }).year).toBe(2019);
    expect(mapVehicle({ id: "3", year: "1850" }).year).toBeUndefined();
    expect(mapVehicle({ id: "4" }).deviceSourceIds).toEqual([]);
  });

  it("refuses a vehicle without an id", () => {
    malformed(() => mapVehicle({ ...VEHICLE, id: undefined }));
    malformed(() => mapVehicle("not a vehicle"));
  });
});

const DRIVER = {
  id: "88668",
  name: "Susan Bob",
  username: "sbob",
  phone: "5558234327",
  licenseNumber: "E1234567",
  licenseState: "CA",
  driverActivationStatus: "active",
  timezone: "America/Los_Angeles",
  tags: [{ id: "3914", name: "West Region" }],
  staticAssignedVehicle: { id: "281474978683353", name: "Truck 104" },
  createdAtTime: "2024-01-09T16:00:00Z",
  updatedAtTime: "2025-10-30T12:00:00Z",
};

describe("drivers", () => {
  it("maps a driver: names split from `name`, licence, username, phone, tags; Samsara has no email", () => {
    expect(mapDriver(DRIVER)).toEqual({
      sourceId: "88668",
      status: "active",
      firstName: "Susan",
      lastName: "Bob",
      phone: "5558234327",
      username: "sbob",
      license: { state: "CA", number: "E1234567" },
      groupSourceIds: ["3914"],
      createdAt: "2024-01-09T16:00:00.000Z",
      updatedAt: "2025-10-30T12:00:00.000Z",
    });
  });

  it("is inactive when deactivated, or by the deprecated isDeactivated flag when there is no status", () => {
    expect(mapDriver({ ...DRIVER, driverActivationStatus: "deactivated" }).status).toBe("inactive");
    expect(mapDriver({ ...DRIVER, driverActivationStatus: undefined, isDeactivated: true }).status).toBe("inactive");
    expect(mapDriver({ ...DRIVER, driverActivationStatus: "active", isDeactivated: true }).status).toBe("active");
    expect(mapDriver({ ...DRIVER, driverActivationStatus: undefined }).status).toBe("active");
  });

  it("keeps a partial licence, and leaves out blank fields", () => {
    expect(
      mapDriver({ id: "1", name: "Mary Ann van der Berg", licenseState: "TX", licenseNumber: "", phone: "" }),
    ).toEqual({
      sourceId: "1",
      status: "active",
      firstName: "Mary",
      middleName: "Ann",
      lastName: "van der Berg",
      license: { state: "TX" },
      groupSourceIds: [],
    });
    malformed(() => mapDriver({ ...DRIVER, driverActivationStatus: "retired" }));
    malformed(() => mapDriver({ id: "1" }));
  });
});

describe("devices", () => {
  const gateway = {
    serial: "GFRV-43N-VGX",
    model: "VG54NA",
    asset: { id: "281474978683353", externalIds: {} },
    connectionStatus: { healthStatus: "Connected", lastConnected: "2025-11-02T09:10:44Z" },
    accessoryDevices: [
      { serial: "CNCV-Z6F-AF2", model: "CM32" },
      { serial: "EM21-1", model: "EM21" },
    ],
  };

  it("maps a gateway to a tracker in its asset, last connected when Samsara last heard it", () => {
    expect(mapDevice(gateway)).toEqual({
      sourceId: "GFRV-43N-VGX",
      type: "tracker",
      vehicleSourceId: "281474978683353",
      description: "VG54NA",
      serialNumber: "GFRV-43N-VGX",
      lastConnectedAt: "2025-11-02T09:10:44.000Z",
    });
    expect(mapDevice({ serial: "SPARE-1", model: "VG34" })).toEqual({
      sourceId: "SPARE-1",
      type: "tracker",
      description: "VG34",
      serialNumber: "SPARE-1",
    });
  });

  it("lists each gateway followed by its dash cams; other accessories are counted, not imported", () => {
    const { items, unknownModels } = deviceItems([gateway, "junk"]);
    expect(items).toEqual([
      gateway,
      {
        accessory: { serial: "CNCV-Z6F-AF2", model: "CM32" },
        gateway: { serial: "GFRV-43N-VGX", asset: gateway.asset },
      },
      "junk",
    ]);
    expect(unknownModels).toEqual(["EM21"]);
    expect(mapDevice(items[1])).toEqual({
      sourceId: "CNCV-Z6F-AF2",
      type: "camera",
      vehicleSourceId: "281474978683353",
      description: "CM32",
      serialNumber: "CNCV-Z6F-AF2",
    });
    malformed(() => mapDevice(items[2]));
  });
});

const REPORT = {
  vehicle: { id: "281474978683353", name: "Truck 104", energyType: "fuel" },
  distanceTraveledMeters: 412345.6,
  fuelConsumedMl: 118340,
  engineRunTimeDurationMs: 29520000,
  engineIdleTimeDurationMs: 3960000,
  efficiencyMpge: 8.3,
  estCarbonEmissionsKg: 316.2,
  estFuelEnergyCost: { amount: 131.22, currencyCode: "USD" },
};

describe("utilization (fuel-energy report rows)", () => {
  it("converts metres to km and millilitres to litres (2 decimals); driving is engine run time less idle time", () => {
    expect(mapUtilizationDay({ date: "2025-11-03", vehicleReport: REPORT })).toEqual({
      vehicleSourceId: "281474978683353",
      date: "2025-11-03",
      startAt: "2025-11-03T00:00:00.000Z",
      endAt: "2025-11-04T00:00:00.000Z",
      distance: 412.35,
      fuelConsumed: 118.34,
      durations: { driving: 25_560_000, idling: 3_960_000 },
    });
  });

  it("gives an electric vehicle 0 litres and 0 ms (it reports energy, not fuel or engine times)", () => {
    const ev = {
      vehicle: { id: "9", energyType: "electric" },
      distanceTraveledMeters: 150_004,
      energyUsedKwh: 42.1,
      estFuelEnergyCost: { amount: 6.74, currencyCode: "USD" },
    };
    expect(mapUtilizationDay({ date: "2025-11-03", vehicleReport: ev })).toMatchObject({
      distance: 150,
      fuelConsumed: 0,
      durations: { driving: 0, idling: 0 },
    });
  });

  it("never counts negative driving, and refuses rows that are not a vehicle's", () => {
    const odd = { ...REPORT, engineRunTimeDurationMs: 1000, engineIdleTimeDurationMs: 5000 };
    expect(mapUtilizationDay({ date: "2025-11-03", vehicleReport: odd }).durations).toEqual({
      driving: 0,
      idling: 5000,
    });
    malformed(() =>
      mapUtilizationDay({ date: "2025-11-03", vehicleReport: { ...REPORT, distanceTraveledMeters: -1 } }),
    );
    malformed(() => mapUtilizationDay({ date: "2025-11-03", vehicleReport: { ...REPORT, vehicle: {} } }));
    malformed(() => mapUtilizationDay({ date: "03/11/2025", vehicleReport: REPORT }));
    malformed(() => mapUtilizationDay(REPORT));
  });

  it("reads the UTC days of a window", () => {
    const window = { start: new Date("2025-11-03T00:00:00Z"), end: new Date("2025-11-06T00:00:00Z") };
    expect(windowDays("vehicleUtilization", window)).toEqual(["2025-11-03", "2025-11-04", "2025-11-05"]);
    expect(windowDays("vehicleUtilization", { ...window, end: window.start })).toEqual([]);
    expect(() => windowDays("vehicleUtilization", undefined)).toThrow(ProviderError);
  });
});

const EVENT = {
  id: "0e9f4a2c-3b1d-4f63-a6c1-5a8e2b7c9d10",
  asset: { id: "281474978683353", name: "Truck 104", type: "vehicle" },
  driver: { id: "88668", name: "Susan Bob" },
  behaviorLabels: [{ label: "Braking", source: "automated" }],
  contextLabels: [],
  eventState: "needsReview",
  startMs: "2025-11-03T15:04:05.120Z",
  endMs: "2025-11-03T15:04:09.870Z",
  createdAtTime: "2025-11-03T15:05:40Z",
  updatedAtTime: "2025-11-03T15:05:40Z",
  location: { latitude: 37.776, longitude: -122.418, headingDegrees: 88 },
  maxAccelerationGForce: 0.48,
  media: [
    { input: "dashcamRoadFacing", cameraRole: "front", url: "https://sample.s3.url.com/front.mp4?X-Amz-Expires=28800" },
    {
      input: "dashcamDriverFacing",
      cameraRole: "inCab",
      url: "https://sample.s3.url.com/inward.mp4?X-Amz-Expires=28800",
    },
  ],
};

describe("safety events (v2)", () => {
  it("maps an event: the type from its labels, RFC 3339 startMs/endMs, location, g-force, heading, both cameras", () => {
    expect(mapSafetyEvent(EVENT)).toEqual({
      sourceId: EVENT.id,
      type: "harsh_brake",
      sourceType: "Braking",
      driverSourceId: "88668",
      vehicleSourceId: "281474978683353",
      startLocation: { latitude: 37.776, longitude: -122.418 },
      startedAt: "2025-11-03T15:04:05.120Z",
      endedAt: "2025-11-03T15:04:09.870Z",
      stats: { gForceForwardBackward: 0.48, heading: 88 },
      cameraMedia: {
        frontFacing: { sourceId: `${EVENT.id}:dashcamRoadFacing`, available: true },
        rearFacing: { sourceId: `${EVENT.id}:dashcamDriverFacing`, available: true },
      },
    });
  });

  it("takes speeds in km/h from speedingMetadata; a harsh turn's g-force is side to side", () => {
    const speeding = mapSafetyEvent({
      ...EVENT,
      behaviorLabels: [{ label: "SevereSpeeding" }],
      maxAccelerationGForce: null,
      speedingMetadata: { maxSpeedKilometersPerHour: 112.456, postedSpeedLimitKilometersPerHour: 88.5 },
      media: [],
    });
    expect(speeding).toMatchObject({
      type: "speeding",
      stats: { maximumSpeed: 112.46, roadSpeedLimit: 88.5, heading: 88 },
    });
    expect(speeding.stats).not.toHaveProperty("gForceForwardBackward");
    expect(speeding.cameraMedia).toEqual({});
    const turn = mapSafetyEvent({ ...EVENT, behaviorLabels: [{ label: "HarshTurn" }], maxAccelerationGForce: 0.333 });
    expect(turn.stats).toEqual({ gForceSideToSide: 0.33, heading: 88 });
  });

  it("handles what varies: legacy camelCase labels, unix-ms times, a trailer asset, no driver, media not uploaded yet", () => {
    const event = mapSafetyEvent({
      id: "e1",
      asset: { id: "trailer-1", type: "trailer" },
      behaviorLabels: [{ label: "didNotYield" }, { label: "harshTurn" }],
      startMs: 1762182245120,
      location: null,
      media: [
        { input: "dashcamRoadFacing", url: "" },
        { input: "analog1", url: "https://x" },
      ],
    });
    expect(event).toEqual({
      sourceId: "e1",
      type: "harsh_turn",
      sourceType: "harshTurn",
      startedAt: "2025-11-03T15:04:05.120Z",
      cameraMedia: { frontFacing: { sourceId: "e1:dashcamRoadFacing", available: false } },
    });
  });

  it("refuses an event with no label of a known type, or without a readable start", () => {
    malformed(() => mapSafetyEvent({ ...EVENT, behaviorLabels: [{ label: "DefensiveDriving" }] }));
    malformed(() => mapSafetyEvent({ ...EVENT, behaviorLabels: [] }));
    malformed(() => mapSafetyEvent({ ...EVENT, startMs: "yesterday" }));
    malformed(() => mapSafetyEvent({ ...EVENT, location: { latitude: 123, longitude: 0 } }));
  });

  it("maps Samsara's labels onto the wire-compat types, without case", () => {
    const cases: Record<string, string | undefined> = {
      Braking: "harsh_brake",
      Acceleration: "harsh_acceleration",
      HarshTurn: "harsh_turn",
      LightSpeeding: "speeding",
      HeavySpeeding: "speeding",
      Crash: "crash",
      NearCollison: "near_crash",
      ForwardCollisionWarning: "near_crash",
      FollowingDistanceSevere: "tailgating",
      GenericTailgating: "tailgating",
      MobileUsage: "cell_phone",
      GenericDistraction: "distracted",
      Drowsy: "drowsiness",
      Smoking: "smoking",
      NoSeatbelt: "seat_belt_violation",
      RanRedLight: "red_light_violation",
      RollingStop: "rolling_stop",
      LaneDeparture: "unsafe_lane_change",
      ObstructedCamera: "camera_obstruction",
      EatingDrinking: "eating_and_drinking",
      noseatbelt: "seat_belt_violation",
      DidNotYield: undefined,
      HosViolation: undefined,
      Idling: undefined,
    };
    for (const [label, type] of Object.entries(cases)) expect(safetyEventType([{ label }]), label).toBe(type);
    for (const [, type] of Object.entries(cases)) if (type) expect(SAFETY_EVENT_TYPES).toContain(type);
    expect(safetyEventType([{ label: "Passenger" }, { label: "Crash" }])).toBe("crash");
    // A page leaves out the events no label of which has a type; unreadable ones stay, to be reported as skipped.
    expect(hasKnownType(EVENT)).toBe(true);
    expect(hasKnownType({ ...EVENT, behaviorLabels: [{ label: "DefensiveDriving" }] })).toBe(false);
    expect(hasKnownType({ ...EVENT, behaviorLabels: [{ name: "?" }] })).toBe(true);
    expect(hasKnownType(null)).toBe(true);
    expect(safetyEventType(undefined)).toBeUndefined();
  });
});

describe("camera media (media library)", () => {
  const event = samsaraSafetyEvent.parse(EVENT);
  const item = (input: string, mediaType: string, url?: string): SamsaraMediaItem => ({
    vehicleId: "281474978683353",
    input,
    mediaType,
    triggerReason: "safetyEvent",
    startTime: "2025-11-03T15:04:05Z",
    endTime: "2025-11-03T15:04:09Z",
    ...(url ? { urlInfo: { url, urlExpiryTime: "2025-11-03T23:04:05Z" } } : {}),
  });

  it("gives each camera its video (high resolution first) and still, by the library's input names", () => {
    const media = mapEventMedia(event, [
      item("dashcamForwardFacing", "videoLowRes", "https://m/front-low.mp4"),
      item("dashcamForwardFacing", "videoHighRes", "https://m/front-high.mp4"),
      item("dashcamForwardFacing", "image", "https://m/front.jpg"),
      item("dashcamInwardFacing", "videoLowRes", "https://m/inward-low.mp4"),
    ]);
    expect(media).toEqual({
      frontFacing: {
        sourceId: `${EVENT.id}:dashcamRoadFacing`,
        videoUrl: "https://m/front-high.mp4",
        imageUrl: "https://m/front.jpg",
      },
      rearFacing: { sourceId: `${EVENT.id}:dashcamDriverFacing`, videoUrl: "https://m/inward-low.mp4" },
    });
  });

  it("is provisioning_pending while a camera the event lists has no URL and nothing in the library", () => {
    const uploading = samsaraSafetyEvent.parse({
      ...EVENT,
      media: [{ input: "dashcamRoadFacing", cameraRole: "front", url: "" }],
    });
    expect(() => mapEventMedia(uploading, [item("dashcamForwardFacing", "image")])).toThrow(
      expect.objectContaining({ kind: "provisioning_pending" }),
    );
    expect(mapEventMedia(uploading, [item("dashcamForwardFacing", "image", "https://m/f.jpg")])).toEqual({
      frontFacing: { sourceId: `${EVENT.id}:dashcamRoadFacing`, imageUrl: "https://m/f.jpg" },
    });
    expect(mapEventMedia(samsaraSafetyEvent.parse({ ...EVENT, media: [] }), [])).toEqual({});
  });
});

describe("normalize", () => {
  it("dispatches by model and refuses unknown ones", () => {
    expect(normalizeSamsara("groups", { id: "1", name: "A" })).toEqual({ sourceId: "1", name: "A" });
    expect(() => normalizeSamsara("unknownModel" as never, {})).toThrow(
      expect.objectContaining({ kind: "not_supported" }),
    );
  });
});
