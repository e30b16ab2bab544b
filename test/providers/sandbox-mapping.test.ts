/**
 * normalize: the sandbox's own payloads mapped field by field to the normalized model, in the
 * units of wire-compat.md, and rejected as malformed when they do not validate.
 */
import { describe, expect, it } from "vitest";
import { FUEL_TYPES, SAFETY_EVENT_TYPES, type SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { sandboxAdapter } from "../../src/providers/sandbox/adapter";
import { SANDBOX_BEHAVIORS, SANDBOX_FUELS } from "../../src/providers/sandbox/payloads";
import { checkDigit } from "../../src/providers/sandbox/vin";
import { readAll, utcWindow } from "./sandbox-helpers";

const normalize = sandboxAdapter.normalize.bind(sandboxAdapter);

function expectMalformed(model: SyncModel, payload: unknown) {
  let error: unknown;
  try {
    normalize(model, payload);
  } catch (caught) {
    error = caught;
  }
  expect(error, JSON.stringify(payload)).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).kind).toBe("malformed");
}

const VEHICLE = {
  id: "sbx-veh-000042",
  vin: "1M8GDM9AXKP042788",
  displayName: "Truck 0043 · Night Shift",
  make: "Freightliner",
  model: "Cascadia",
  modelYear: 2021,
  plate: { region: "CO", number: "ABC1234" },
  fuel: "diesel",
  economyMpg: 7.2,
  tankGallons: 150,
  tagIds: ["sbx-tag-0003", "sbx-tag-0007"],
  deviceIds: ["sbx-gw-000042", "sbx-cam-000042"],
  active: false,
  createdAt: "2022-03-01T10:00:00.000Z",
  updatedAt: "2026-01-10T09:12:00.000Z",
};

const DRIVER = {
  id: "sbx-drv-000007",
  name: { first: "Maria", middle: "Grace", last: "O'Brien" },
  email: "maria.obrien.7@drivers.sandbox.example",
  phone: "+13035550142",
  login: "mobrien7",
  licence: { region: "CO", number: "D1234567" },
  tagIds: ["sbx-tag-0003"],
  active: true,
  createdAt: "2021-06-01T12:00:00.000Z",
  updatedAt: "2026-01-10T08:00:00.000Z",
};

const DEVICE = {
  id: "sbx-cam-000042",
  kind: "dashcam",
  vehicleId: "sbx-veh-000042",
  serial: "CM2-AB12-CD34",
  productName: "SBX-CM2 Dual-Facing Dashcam",
  lastHeardAt: "2026-01-10T08:10:00.000Z",
  createdAt: "2022-03-01T10:00:00.000Z",
  updatedAt: "2022-03-01T10:00:00.000Z",
};

const GROUP = {
  id: "sbx-tag-0003",
  name: "Denver Yard",
  description: "Terminal in Denver, CO",
  parentId: "sbx-tag-0001",
  createdAt: "2019-05-02T09:30:00.000Z",
  updatedAt: "2019-06-11T09:30:00.000Z",
};

const DAY = {
  vehicleId: "sbx-veh-000042",
  day: "2026-01-08",
  distanceMiles: 312.45,
  fuelGallons: 44.17,
  drivingSeconds: 21_600,
  idlingSeconds: 2_700,
  firstMovementAt: "2026-01-08T11:02:00.000Z",
  lastMovementAt: "2026-01-08T19:40:00.000Z",
};

const EVENT = {
  id: "sbx-evt-000042-20260108-1",
  behavior: "overSpeed",
  vehicleId: "sbx-veh-000042",
  driverId: "sbx-drv-000007",
  startedAt: "2026-01-08T14:00:00.000Z",
  endedAt: "2026-01-08T14:02:30.000Z",
  location: { lat: 39.7392, lng: -104.9903 },
  endLocation: { lat: 39.77, lng: -104.98 },
  maxSpeedMph: 78,
  avgSpeedMph: 71.5,
  speedLimitMph: 65,
  gForceX: 0.04,
  gForceY: -0.03,
  heading: 12,
  media: {
    front: { id: "sbx-evt-000042-20260108-1-front", ready: true },
    rear: { id: "sbx-evt-000042-20260108-1-rear", ready: true },
  },
};

describe("vehicles", () => {
  const normalized = normalize("vehicles", VEHICLE);
  it.each([
    ["sourceId", "sbx-veh-000042"],
    ["status", "inactive"],
    ["name", "Truck 0043 · Night Shift"],
    ["vin", "1M8GDM9AXKP042788"],
    ["make", "Freightliner"],
    ["model", "Cascadia"],
    ["year", 2021],
    ["licensePlate", { state: "CO", number: "ABC1234" }],
    ["fuelType", "diesel"],
    // 235.215 / 7.2 mpg = 32.668… L/100 km
    ["fuelEfficiency", 32.67],
    // 150 gal × 3.78541 = 567.8115 L
    ["fuelTankCapacity", 567.81],
    ["groupSourceIds", ["sbx-tag-0003", "sbx-tag-0007"]],
    ["deviceSourceIds", ["sbx-gw-000042", "sbx-cam-000042"]],
    ["createdAt", "2022-03-01T10:00:00.000Z"],
    ["updatedAt", "2026-01-10T09:12:00.000Z"],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("fills every field of the normalized vehicle", () => {
    expect(Object.keys(normalized).sort()).toEqual(
      [
        "sourceId",
        "status",
        "name",
        "vin",
        "make",
        "model",
        "year",
        "licensePlate",
        "fuelType",
        "fuelEfficiency",
        "fuelTankCapacity",
        "groupSourceIds",
        "deviceSourceIds",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
  });

  it("maps an active vehicle to active, and each fuel to the wire-compat fuelType", () => {
    expect(normalize("vehicles", { ...VEHICLE, active: true }).status).toBe("active");
    for (const fuel of SANDBOX_FUELS) {
      const fuelType = normalize("vehicles", { ...VEHICLE, fuel }).fuelType;
      expect(FUEL_TYPES).toContain(fuelType);
      expect(fuelType).toBe(fuel);
    }
  });

  it("gives an electric vehicle no fuel efficiency or tank", () => {
    const { economyMpg: _mpg, tankGallons: _tank, ...electric } = { ...VEHICLE, fuel: "electric" };
    const normalized = normalize("vehicles", electric);
    expect(normalized.fuelType).toBe("electric");
    expect(normalized).not.toHaveProperty("fuelEfficiency");
    expect(normalized).not.toHaveProperty("fuelTankCapacity");
    // Even if the provider sends them.
    expect(normalize("vehicles", { ...VEHICLE, fuel: "electric" })).not.toHaveProperty("fuelEfficiency");
  });
});

describe("drivers", () => {
  const normalized = normalize("drivers", DRIVER);
  it.each([
    ["sourceId", "sbx-drv-000007"],
    ["status", "active"],
    ["firstName", "Maria"],
    ["middleName", "Grace"],
    ["lastName", "O'Brien"],
    ["email", "maria.obrien.7@drivers.sandbox.example"],
    ["phone", "+13035550142"],
    ["username", "mobrien7"],
    ["license", { state: "CO", number: "D1234567" }],
    ["groupSourceIds", ["sbx-tag-0003"]],
    ["createdAt", "2021-06-01T12:00:00.000Z"],
    ["updatedAt", "2026-01-10T08:00:00.000Z"],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("fills every field of the normalized driver, and leaves out a middle name the driver has not", () => {
    expect(Object.keys(normalized)).toHaveLength(12);
    const { middle: _middle, ...name } = DRIVER.name;
    const normalizedWithout = normalize("drivers", { ...DRIVER, name, active: false });
    expect(normalizedWithout).not.toHaveProperty("middleName");
    expect(normalizedWithout.status).toBe("inactive");
  });
});

describe("devices", () => {
  const normalized = normalize("devices", DEVICE);
  it.each([
    ["sourceId", "sbx-cam-000042"],
    ["type", "camera"],
    ["vehicleSourceId", "sbx-veh-000042"],
    ["description", "SBX-CM2 Dual-Facing Dashcam"],
    ["serialNumber", "CM2-AB12-CD34"],
    ["lastConnectedAt", "2026-01-10T08:10:00.000Z"],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("fills every field, maps gateways to trackers, and leaves a spare device without a vehicle", () => {
    expect(Object.keys(normalized)).toHaveLength(8);
    const { vehicleId: _vehicle, ...spare } = { ...DEVICE, kind: "gateway" };
    const normalizedSpare = normalize("devices", spare);
    expect(normalizedSpare.type).toBe("tracker");
    expect(normalizedSpare).not.toHaveProperty("vehicleSourceId");
  });
});

describe("groups", () => {
  const normalized = normalize("groups", GROUP);
  it.each([
    ["sourceId", "sbx-tag-0003"],
    ["name", "Denver Yard"],
    ["description", "Terminal in Denver, CO"],
    ["parentSourceId", "sbx-tag-0001"],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("leaves out the description and parent of a root group without them", () => {
    const times = { createdAt: "2019-04-20T08:00:00.000Z", updatedAt: "2019-04-20T08:00:00.000Z" };
    expect(normalize("groups", { id: "sbx-tag-0001", name: "West Region", ...times })).toEqual({
      sourceId: "sbx-tag-0001",
      name: "West Region",
      ...times,
    });
  });
});

describe("utilization days", () => {
  const normalized = normalize("vehicleUtilization", DAY);
  it.each([
    ["vehicleSourceId", "sbx-veh-000042"],
    ["date", "2026-01-08"],
    ["startAt", "2026-01-08T11:02:00.000Z"],
    ["endAt", "2026-01-08T19:40:00.000Z"],
    // 312.45 mi × 1.609344 = 502.8395…
    ["distance", 502.84],
    // 44.17 gal × 3.78541 = 167.2015…
    ["fuelConsumed", 167.2],
    ["durations", { driving: 21_600_000, idling: 2_700_000 }],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("covers the whole UTC day when the vehicle did not move", () => {
    const still = {
      ...DAY,
      distanceMiles: 0,
      fuelGallons: 0,
      drivingSeconds: 0,
      idlingSeconds: 0,
      firstMovementAt: null,
      lastMovementAt: null,
    };
    expect(normalize("vehicleUtilization", still)).toEqual({
      vehicleSourceId: "sbx-veh-000042",
      date: "2026-01-08",
      startAt: "2026-01-08T00:00:00.000Z",
      endAt: "2026-01-09T00:00:00.000Z",
      distance: 0,
      fuelConsumed: 0,
      durations: { driving: 0, idling: 0 },
    });
  });
});

describe("safety events", () => {
  const normalized = normalize("safetyEvents", EVENT);
  it.each([
    ["sourceId", "sbx-evt-000042-20260108-1"],
    ["type", "speeding"],
    ["driverSourceId", "sbx-drv-000007"],
    ["vehicleSourceId", "sbx-veh-000042"],
    ["startLocation", { latitude: 39.7392, longitude: -104.9903 }],
    ["endLocation", { latitude: 39.77, longitude: -104.98 }],
    ["startedAt", "2026-01-08T14:00:00.000Z"],
    ["endedAt", "2026-01-08T14:02:30.000Z"],
    [
      "stats",
      // 78 mph = 125.53 km/h, 71.5 mph = 115.07 km/h, 65 mph = 104.61 km/h
      {
        maximumSpeed: 125.53,
        averageSpeed: 115.07,
        roadSpeedLimit: 104.61,
        gForceForwardBackward: 0.04,
        gForceSideToSide: -0.03,
        heading: 12,
      },
    ],
    [
      "cameraMedia",
      {
        frontFacing: { sourceId: "sbx-evt-000042-20260108-1-front", available: true },
        rearFacing: { sourceId: "sbx-evt-000042-20260108-1-rear", available: true },
      },
    ],
  ] as const)("maps %s", (field, expected) => {
    expect(normalized[field]).toEqual(expected);
  });

  it("fills every field, and marks media still being prepared as unavailable", () => {
    expect(Object.keys(normalized)).toHaveLength(11);
    const pending = { ...EVENT, media: { front: { id: "f", ready: false } } };
    expect(normalize("safetyEvents", pending).cameraMedia).toEqual({
      frontFacing: { sourceId: "f", available: false },
    });
    const {
      driverId: _driver,
      endLocation: _end,
      avgSpeedMph: _avg,
      speedLimitMph: _limit,
      ...bare
    } = { ...EVENT, media: {} };
    const normalizedBare = normalize("safetyEvents", bare);
    expect(normalizedBare).not.toHaveProperty("driverSourceId");
    expect(normalizedBare).not.toHaveProperty("endLocation");
    expect(normalizedBare.stats).not.toHaveProperty("averageSpeed");
    expect(normalizedBare.cameraMedia).toEqual({});
  });

  it("maps each sandbox behaviour to its own wire-compat type, covering them all", () => {
    const types = SANDBOX_BEHAVIORS.map((behavior) => normalize("safetyEvents", { ...EVENT, behavior }).type);
    expect(new Set(types)).toEqual(new Set(SAFETY_EVENT_TYPES));
  });
});

describe("generated payloads", () => {
  it("normalize completely: every field that the record has is filled", async () => {
    const sandbox = { revision: 10, fleetSize: 60 };
    const window = utcWindow("2026-01-01T00:00:00Z", "2026-01-10T00:00:00Z");
    const keys = async (model: SyncModel) =>
      (await readAll(model, { sandbox, window })).items.map((item) => Object.keys(normalize(model, item)).length);

    const vehicles = (await readAll("vehicles", { sandbox })).items;
    vehicles.forEach((vehicle) => {
      expect(Object.keys(normalize("vehicles", vehicle))).toHaveLength(vehicle.fuel === "electric" ? 13 : 15);
    });
    expect(Math.max(...(await keys("drivers")))).toBe(12);
    expect(Math.min(...(await keys("drivers")))).toBe(11);
    expect(new Set(await keys("devices"))).toContain(8);
    expect(Math.max(...(await keys("groups")))).toBe(6);
    expect(new Set(await keys("vehicleUtilization"))).toEqual(new Set([7]));
    const events = (await readAll("safetyEvents", { sandbox, window })).items.map((event) =>
      normalize("safetyEvents", event),
    );
    const complete = events.find((event) => event.driverSourceId && event.cameraMedia.rearFacing);
    expect(Object.keys(complete!)).toHaveLength(11);
    expect(Object.keys(complete!.stats!)).toHaveLength(6);
  });

  it("carry VINs with a valid check digit and the model year's code", async () => {
    expect(checkDigit("1M8GDM9AXKP042788")).toBe("X");
    expect(checkDigit("11111111111111111")).toBe("1");
    const vehicles = (await readAll("vehicles", { sandbox: { revision: 0, fleetSize: 300 } })).items;
    for (const vehicle of vehicles) {
      expect(vehicle.vin[8]).toBe(checkDigit(vehicle.vin));
      expect(vehicle.vin[9]).toBe("ABCDEFGHJKLMNPRSTVWXY123456789"[(vehicle.modelYear - 1980) % 30]);
    }
  });
});

describe("malformed payloads", () => {
  it("are rejected for every model", () => {
    const models: SyncModel[] = ["groups", "vehicles", "drivers", "devices", "vehicleUtilization", "safetyEvents"];
    for (const model of models) {
      for (const payload of [undefined, null, "vehicle", 42, [], {}]) expectMalformed(model, payload);
    }
  });

  it("are rejected field by field", () => {
    expectMalformed("vehicles", { ...VEHICLE, vin: "TOO-SHORT" });
    expectMalformed("vehicles", { ...VEHICLE, fuel: "coal" });
    expectMalformed("vehicles", { ...VEHICLE, economyMpg: -3 });
    expectMalformed("vehicles", { ...VEHICLE, modelYear: "2021" });
    expectMalformed("vehicles", { ...VEHICLE, updatedAt: "yesterday" });
    expectMalformed("vehicles", { ...VEHICLE, tagIds: "sbx-tag-0003" });
    expectMalformed("drivers", { ...DRIVER, name: "Maria O'Brien" });
    expectMalformed("drivers", { ...DRIVER, active: "yes" });
    expectMalformed("devices", { ...DEVICE, kind: "satellite" });
    expectMalformed("groups", { ...GROUP, name: "" });
    expectMalformed("vehicleUtilization", { ...DAY, day: "2026-02-30" });
    expectMalformed("vehicleUtilization", { ...DAY, distanceMiles: Number.NaN });
    expectMalformed("vehicleUtilization", { ...DAY, drivingSeconds: -1 });
    expectMalformed("safetyEvents", { ...EVENT, behavior: "speeding" });
    expectMalformed("safetyEvents", { ...EVENT, location: { lat: 123, lng: 0 } });
    expectMalformed("safetyEvents", { ...EVENT, media: { front: { id: "x" } } });
  });
});
