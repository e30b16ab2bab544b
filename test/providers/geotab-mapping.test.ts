/**
 * Geotab payloads → the normalized model, field by field, on realistic MyGeotab payloads
 * (shapes of providers.md §3): TimeSpan durations in each form, km and litres, activeTo for
 * status, system groups and ids, and payloads that must be refused.
 */
import { describe, expect, it } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
import { parseTimeSpan } from "../../src/providers/geotab/timespan";
import { statusOf } from "../../src/providers/geotab/values";

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

describe("TimeSpan durations", () => {
  it.each([
    ["00:00:00", 0],
    ["01:27:41", 5_261_000],
    ["23:59:59", 86_399_000],
    ["00:00:00.3000000", 300],
    ["00:00:08.1234567", 8123.4567],
    ["02:46:45.5", 10_005_500],
    ["1.02:03:04", 93_784_000],
    ["1.00:00:00", 86_400_000],
    ["12.00:00:01.0010000", 1_036_801_001],
    ["1.04:12:33.1230000", 101_553_123],
  ])("parses %s as %d ms", (value, ms) => {
    expect(parseTimeSpan(value)).toBeCloseTo(ms, 6);
  });

  it("parses negative spans as negative, and refuses what is not a TimeSpan", () => {
    expect(parseTimeSpan("-00:00:01")).toBe(-1000);
    for (const value of [
      "",
      "1:02:03",
      "24:00:00",
      "00:60:00",
      "00:00:60",
      "1.24:00:00",
      "01:02",
      "PT1H",
      "00:00:00.12345678",
      "a.01:02:03",
    ]) {
      expect(parseTimeSpan(value), value).toBeUndefined();
    }
  });
});

const DEVICE = {
  id: "b20",
  name: "Truck 104",
  serialNumber: "G90000000032",
  deviceType: "GO9",
  vehicleIdentificationNumber: "1FUJGLDR7CLBP8834",
  engineVehicleIdentificationNumber: "1FUJGLDR7CLBP8834",
  licensePlate: "7ABC123",
  licenseState: "CA",
  comment: "",
  groups: [{ id: "b27AB" }, { id: "GroupCompanyId" }],
  activeFrom: "2023-03-14T17:22:05.000Z",
  activeTo: "2050-01-01T00:00:00.000Z",
  timeZoneId: "America/Los_Angeles",
  version: "0000000000043a1f",
};

describe("vehicles (Device)", () => {
  const normalized = normalize("vehicles", DEVICE);
  it.each([
    ["sourceId", "b20"],
    ["status", "active"],
    ["name", "Truck 104"],
    ["vin", "1FUJGLDR7CLBP8834"],
    ["licensePlate", { state: "CA", number: "7ABC123" }],
    // The system company group is Geotab's structure, not one of the customer's groups.
    ["groupSourceIds", ["b27AB"]],
    // Geotab's Device is the vehicle and its GO device: the device shares the id.
    ["deviceSourceIds", ["b20"]],
    ["createdAt", "2023-03-14T17:22:05.000Z"],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("fills exactly what a Device has: no make, model, year, fuel type, tank or update time", () => {
    expect(Object.keys(normalized).sort()).toEqual(
      ["sourceId", "status", "name", "vin", "licensePlate", "groupSourceIds", "deviceSourceIds", "createdAt"].sort(),
    );
  });

  it("is inactive once archived (activeTo in the past), active until then", () => {
    expect(normalize("vehicles", { ...DEVICE, activeTo: "2024-06-30T12:00:00.000Z" }).status).toBe("inactive");
    expect(normalize("vehicles", { ...DEVICE, activeTo: "2099-01-01T00:00:00.000Z" }).status).toBe("active");
    const { activeTo: _activeTo, ...withoutActiveTo } = DEVICE;
    expect(normalize("vehicles", withoutActiveTo).status).toBe("active");
    expect(statusOf("2026-01-01T00:00:00.000Z", Date.parse("2026-01-02T00:00:00.000Z"))).toBe("inactive");
    expect(statusOf("2026-01-03T00:00:00.000Z", Date.parse("2026-01-02T00:00:00.000Z"))).toBe("active");
  });

  it("reads the VIN from the engine when none was entered, and upper-cases it", () => {
    const vehicle = normalize("vehicles", {
      ...DEVICE,
      vehicleIdentificationNumber: "",
      engineVehicleIdentificationNumber: "1fujgldr7clbp8834",
    });
    expect(vehicle.vin).toBe("1FUJGLDR7CLBP8834");
  });

  it("leaves out what is empty: an untracked asset (no serial) has no device; MinDate is no creation time", () => {
    const asset = normalize("vehicles", {
      id: "b8F",
      name: " ",
      serialNumber: "",
      deviceType: "None",
      vehicleIdentificationNumber: "",
      licensePlate: "",
      licenseState: "",
      groups: [{ id: "GroupCompanyId" }],
      activeFrom: "1986-01-01T00:00:00.000Z",
      activeTo: "2050-01-01T00:00:00.000Z",
    });
    expect(asset).toEqual({ sourceId: "b8F", status: "active", groupSourceIds: [], deviceSourceIds: [] });
    expect(normalize("vehicles", { ...DEVICE, licensePlate: "", licenseState: "TX" }).licensePlate).toEqual({
      state: "TX",
    });
  });
});

const USER = {
  id: "b3A",
  name: "ana.ruiz@example.com",
  firstName: "Ana",
  lastName: "Ruiz",
  employeeNo: "D-17",
  phoneNumber: "+1 5125550143",
  isDriver: true,
  licenseNumber: "TX04412345",
  licenseProvince: "TX",
  companyGroups: [{ id: "CompanyGroupId" }, { id: "b27AB" }, { id: "GroupCompanyId" }],
  driverGroups: [{ id: "b27AB" }, { id: "b27AC" }],
  securityGroups: [{ id: "GroupDriveUserSecurityId" }],
  activeFrom: "2023-02-10T15:00:00.000Z",
  activeTo: "2050-01-01T00:00:00.000Z",
  timeZoneId: "America/Chicago",
};

describe("drivers (User)", () => {
  const normalized = normalize("drivers", USER);
  it.each([
    ["sourceId", "b3A"],
    ["status", "active"],
    ["firstName", "Ana"],
    ["lastName", "Ruiz"],
    // The login name is the email address (Geotab has no other email field).
    ["email", "ana.ruiz@example.com"],
    ["username", "ana.ruiz@example.com"],
    // Geotab's "+1 5125550143" loses its formatting.
    ["phone", "+15125550143"],
    ["license", { state: "TX", number: "TX04412345" }],
    // Driver groups, then organization groups, each once, without system groups.
    ["groupSourceIds", ["b27AB", "b27AC", "CompanyGroupId"]],
    ["createdAt", "2023-02-10T15:00:00.000Z"],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("fills every field a User has, and no middle name or update time", () => {
    expect(Object.keys(normalized)).toHaveLength(10);
    expect(normalized).not.toHaveProperty("middleName");
  });

  it("keeps a login name that is not an email as the username only, and strips phone formatting", () => {
    const driver = normalize("drivers", {
      ...USER,
      name: "ruiz.a",
      phoneNumber: "(512) 555-0143",
      activeTo: "2025-01-01T00:00:00.000Z",
    });
    expect(driver).toMatchObject({ username: "ruiz.a", phone: "5125550143", status: "inactive" });
    expect(driver).not.toHaveProperty("email");
    const bare = normalize("drivers", { id: "b3B", name: "driver7" });
    expect(bare).toEqual({ sourceId: "b3B", status: "active", username: "driver7", groupSourceIds: [] });
  });
});

describe("groups (Group)", () => {
  it("maps the name, the comments as description, and the parent the listing filled in", () => {
    expect(
      normalize("groups", {
        id: "b27AB",
        name: "West",
        comments: "Sacramento depot",
        children: [{ id: "b27AC" }],
        parent: { id: "b27AA" },
      }),
    ).toEqual({ sourceId: "b27AB", name: "West", description: "Sacramento depot", parentSourceId: "b27AA" });
  });

  it("gives a top-level group no parent (its parent is the system company group), and an unnamed group its id", () => {
    expect(
      normalize("groups", { id: "b27AA", name: "Regions", comments: "", parent: { id: "GroupCompanyId" } }),
    ).toEqual({
      sourceId: "b27AA",
      name: "Regions",
    });
    expect(normalize("groups", { id: "b27AD", name: "" })).toEqual({ sourceId: "b27AD", name: "b27AD" });
  });
});

describe("devices (the GO device behind a Device)", () => {
  it("maps a tracker sharing the vehicle's id, its type as description and its serial number", () => {
    expect(normalize("devices", DEVICE)).toEqual({
      sourceId: "b20",
      type: "tracker",
      vehicleSourceId: "b20",
      description: "GO9",
      serialNumber: "G90000000032",
      createdAt: "2023-03-14T17:22:05.000Z",
    });
  });

  it("refuses a Device without hardware (the listing leaves those out)", () => {
    expectMalformed("devices", { ...DEVICE, serialNumber: "" });
    expectMalformed("devices", { ...DEVICE, serialNumber: "000-000-0000" });
    expectMalformed("devices", { ...DEVICE, deviceType: "None" });
  });
});

const TRIP = {
  id: "b3440B9",
  device: { id: "b20" },
  driver: { id: "b3A" },
  start: "2025-11-03T14:02:10.000Z",
  stop: "2025-11-03T16:48:55.000Z",
  nextTripStart: "2025-11-03T17:20:02.000Z",
  distance: 201.42,
  drivingDuration: "02:46:45",
  idlingDuration: "00:12:31",
  stopDuration: "00:31:07",
  averageSpeed: 72.5,
  maximumSpeed: 108,
  stopPoint: { x: -97.7431, y: 30.2672 },
  isSeatBeltOff: false,
};
const FUEL = (dateTime: string, data: number) => ({
  id: `b${data}`,
  device: { id: "b20" },
  diagnostic: { id: "DiagnosticDeviceTotalFuelId" },
  dateTime,
  data,
  controller: "ControllerNoneId",
});
const DAY = {
  device: { id: "b20" },
  date: "2025-11-03",
  trips: [
    TRIP,
    {
      ...TRIP,
      id: "b3440BA",
      driver: "UnknownDriverId",
      start: "2025-11-03T17:20:02.000Z",
      stop: "2025-11-03T19:01:12.250Z",
      distance: 98.7,
      drivingDuration: "01:41:10.2500000",
      idlingDuration: "00:00:00.3000000",
    },
  ],
  statusData: [FUEL("2025-11-03T23:58:41.000Z", 48_213.7), FUEL("2025-11-03T13:59:00.000Z", 48_100.25)],
};

describe("vehicle utilization (Trips + total-fuel StatusData of a day)", () => {
  const normalized = normalize("vehicleUtilization", DAY);
  it.each([
    ["vehicleSourceId", "b20"],
    ["date", "2025-11-03"],
    ["startAt", "2025-11-03T14:02:10.000Z"],
    ["endAt", "2025-11-03T19:01:12.250Z"],
    // Trip distance is km already: 201.42 + 98.7.
    ["distance", 300.12],
    // The counter's rise over the day, in litres: 48213.7 − 48100.25 = 113.45.
    ["fuelConsumed", 113.45],
    // 02:46:45 + 01:41:10.25 driving; 00:12:31 + 00:00:00.3 idling.
    ["durations", { driving: 16_075_250, idling: 751_300 }],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("agrees with Geotab's own speeds: distance ≈ averageSpeed × drivingDuration (km, not metres)", () => {
    const hours = (parseTimeSpan(TRIP.drivingDuration) ?? 0) / 3_600_000;
    expect(TRIP.distance / (TRIP.averageSpeed * hours)).toBeCloseTo(1, 1);
  });

  it("sums trips longer than a day (the d. form), and counts a counter reset as nothing", () => {
    const long = normalize("vehicleUtilization", {
      ...DAY,
      trips: [{ ...TRIP, drivingDuration: "1.02:03:04.5000000", idlingDuration: "1.00:00:00" }],
      statusData: [
        FUEL("2025-11-03T01:00:00.000Z", 500),
        FUEL("2025-11-03T02:00:00.000Z", 520.5),
        FUEL("2025-11-03T03:00:00.000Z", 3),
        FUEL("2025-11-03T04:00:00.000Z", 10),
      ],
    });
    expect(long.durations).toEqual({ driving: 93_784_500, idling: 86_400_000 });
    expect(long.fuelConsumed).toBe(27.5);
  });

  it("spans the fuel readings on a day without trips, and the whole day without either", () => {
    const idle = normalize("vehicleUtilization", { ...DAY, trips: [] });
    expect(idle).toMatchObject({
      startAt: "2025-11-03T13:59:00.000Z",
      endAt: "2025-11-03T23:58:41.000Z",
      distance: 0,
      fuelConsumed: 113.45,
    });
    const empty = normalize("vehicleUtilization", { ...DAY, trips: [], statusData: [] });
    expect(empty).toMatchObject({
      startAt: "2025-11-03T00:00:00.000Z",
      endAt: "2025-11-04T00:00:00.000Z",
      fuelConsumed: 0,
    });
    // Readings of other diagnostics do not count as fuel.
    const odometer = { ...FUEL("2025-11-03T20:00:00.000Z", 99_999), diagnostic: { id: "DiagnosticOdometerId" } };
    expect(normalize("vehicleUtilization", { ...DAY, statusData: [...DAY.statusData, odometer] }).fuelConsumed).toBe(
      113.45,
    );
  });

  it("rounds to 2 decimals and refuses days that mix devices or days", () => {
    const rounded = normalize("vehicleUtilization", {
      ...DAY,
      trips: [
        { ...TRIP, distance: 10.005 },
        { ...TRIP, distance: 0.001 },
      ],
    });
    expect(rounded.distance).toBe(10.01);
    expectMalformed("vehicleUtilization", { ...DAY, trips: [{ ...TRIP, device: { id: "b21" } }] });
    expectMalformed("vehicleUtilization", { ...DAY, trips: [{ ...TRIP, start: "2025-11-04T00:00:00.000Z" }] });
    expectMalformed("vehicleUtilization", {
      ...DAY,
      statusData: [{ ...FUEL("2025-11-03T01:00:00.000Z", 1), device: { id: "b21" } }],
    });
  });
});

const EVENT = {
  id: "a1xB7",
  device: { id: "b20" },
  driver: { id: "b3A" },
  rule: { id: "RuleHarshBrakingId" },
  activeFrom: "2025-11-03T15:10:01.000Z",
  activeTo: "2025-11-03T15:10:04.500Z",
  duration: "00:00:03.5000000",
  distance: 0.061,
  state: "Valid",
  version: "00000000021568d6",
};

describe("safety events (ExceptionEvent of a stock safety rule)", () => {
  const normalized = normalize("safetyEvents", EVENT);
  it.each([
    ["sourceId", "a1xB7"],
    ["type", "harsh_brake"],
    ["driverSourceId", "b3A"],
    ["vehicleSourceId", "b20"],
    ["startedAt", "2025-11-03T15:10:01.000Z"],
    ["endedAt", "2025-11-03T15:10:04.500Z"],
    // Camera media is not part of the MyGeotab API.
    ["cameraMedia", {}],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("maps each stock safety rule to its type, and leaves out the unknown driver", () => {
    const types = Object.fromEntries(
      [
        "RuleHarshBrakingId",
        "RuleJackrabbitStartsId",
        "RuleHarshCorneringId",
        "RulePostedSpeedingId",
        "RuleSeatbeltId",
        "RuleEnhancedMajorCollisionId",
        "RuleEnhancedMinorCollisionId",
        "RuleAccidentId",
      ].map((rule) => [rule, normalize("safetyEvents", { ...EVENT, rule: { id: rule } }).type]),
    );
    expect(types).toEqual({
      RuleHarshBrakingId: "harsh_brake",
      RuleJackrabbitStartsId: "harsh_acceleration",
      RuleHarshCorneringId: "harsh_turn",
      RulePostedSpeedingId: "speeding",
      RuleSeatbeltId: "seat_belt_violation",
      RuleEnhancedMajorCollisionId: "crash",
      RuleEnhancedMinorCollisionId: "crash",
      RuleAccidentId: "crash",
    });
    for (const driver of [{ id: "UnknownDriverId" }, "UnknownDriverId", undefined]) {
      const event = normalize("safetyEvents", { ...EVENT, driver });
      expect(event).not.toHaveProperty("driverSourceId");
    }
    const { activeTo: _activeTo, ...open } = EVENT;
    expect(normalize("safetyEvents", open)).not.toHaveProperty("endedAt");
  });

  it("refuses events of rules that are not safety rules (customer rules, engine light)", () => {
    expectMalformed("safetyEvents", { ...EVENT, rule: { id: "aIdle30MinRule7QqXz" } });
    expectMalformed("safetyEvents", { ...EVENT, rule: { id: "RuleEngineLightOnId" } });
  });
});

describe("malformed payloads", () => {
  it("are refused for every model", () => {
    const models: SyncModel[] = ["groups", "vehicles", "drivers", "devices", "vehicleUtilization", "safetyEvents"];
    for (const model of models)
      for (const payload of [undefined, null, "b20", 42, [], {}]) expectMalformed(model, payload);
  });

  it("are refused field by field", () => {
    expectMalformed("vehicles", { ...DEVICE, id: "" });
    expectMalformed("vehicles", { ...DEVICE, activeTo: "someday" });
    expectMalformed("vehicles", { ...DEVICE, groups: "b27AB" });
    expectMalformed("drivers", { ...USER, isDriver: "yes" });
    expectMalformed("drivers", { ...USER, name: "" });
    expectMalformed("groups", { id: "b1", children: [{}] });
    expectMalformed("vehicleUtilization", { ...DAY, date: "2025-11-31" });
    expectMalformed("vehicleUtilization", { ...DAY, trips: [{ ...TRIP, distance: -1 }] });
    expectMalformed("vehicleUtilization", { ...DAY, trips: [{ ...TRIP, drivingDuration: "2h46m" }] });
    expectMalformed("vehicleUtilization", { ...DAY, trips: [{ ...TRIP, idlingDuration: "-00:00:01" }] });
    expectMalformed("vehicleUtilization", { ...DAY, statusData: [{ ...DAY.statusData[0], data: "48213.7" }] });
    expectMalformed("safetyEvents", { ...EVENT, activeFrom: "not a date" });
    expectMalformed("safetyEvents", { ...EVENT, rule: "RuleHarshBrakingId" });
  });
});
