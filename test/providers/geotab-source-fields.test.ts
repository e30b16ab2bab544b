/**
 * Geotab's own fields on families already served, at the mapping level, on payloads in
 * MyGeotab's shapes (providers.md §3.5, §3.8; the fake's renderings of the canonical fleet):
 * a safety event's `sourceType` is its stock rule's id (the event names its rule by id only),
 * and it references no camera (MyGeotab events have none); a Device's `activeFrom` (when the
 * record was added, the vehicle's creation too) is the GO device's `createdAt`, with no update
 * time; Groups carry neither.
 */
import { describe, expect, it } from "vitest";
import { mapDevice } from "../../src/providers/geotab/models/devices";
import { mapGroup } from "../../src/providers/geotab/models/groups";
import { mapSafetyEvent, SAFETY_RULES } from "../../src/providers/geotab/models/safety-events";
import { mapVehicle } from "../../src/providers/geotab/models/vehicles";
import { devicesAt, type FleetOptions, safetyEventsBetween, vehiclesAt } from "../fakes/fleet.ts";
import { RULE_OF_TYPE, renderDevice, renderEvent, renderGroups } from "../fakes/geotab/render.ts";

const FLEET: FleetOptions = { seed: "geotab-source-fields", vehicles: 6, revision: 1 };
const NOW = Date.parse("2026-01-20T12:00:00Z");

/** providers.md §3.8's ExceptionEvent fields. */
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

/** providers.md §3.5's example Device. */
const DEVICE = {
  id: "b20",
  name: "Truck 104",
  serialNumber: "G90000000032",
  deviceType: "GO9",
  vehicleIdentificationNumber: "1FUJGLDR7CLBP8834",
  licensePlate: "7ABC123",
  licenseState: "CA",
  groups: [{ id: "b27AB" }],
  activeFrom: "2023-03-14T17:22:05.000Z",
  activeTo: "2050-01-01T00:00:00.000Z",
  timeZoneId: "America/Los_Angeles",
  version: "0000000000043a1f",
};

describe("Geotab safety events: sourceType and cameraMedia", () => {
  it("sourceType is the stock rule's id, for every safety rule", () => {
    for (const [rule, type] of Object.entries(SAFETY_RULES)) {
      expect(mapSafetyEvent({ ...EVENT, rule: { id: rule } })).toMatchObject({ type, sourceType: rule });
    }
  });

  it("matches the rule of every event the fake renders; no camera is referenced", () => {
    const events = safetyEventsBetween(FLEET, NOW - 10 * 86_400_000, NOW);
    expect(events.length).toBeGreaterThan(5);
    for (const event of events) {
      const normalized = mapSafetyEvent(renderEvent(event));
      expect(normalized.sourceType).toBe(RULE_OF_TYPE[event.type]);
      // MyGeotab's events carry no camera (partner cameras store MediaFiles apart).
      expect(normalized.cameraMedia).toEqual({});
    }
  });
});

describe("Geotab devices and groups: source times", () => {
  it("a GO device's createdAt is its Device's activeFrom, as its vehicle's; there is no update time", () => {
    const device = mapDevice(DEVICE);
    expect(device.createdAt).toBe("2023-03-14T17:22:05.000Z");
    expect(device.createdAt).toBe(mapVehicle(DEVICE).createdAt);
    expect(device).not.toHaveProperty("updatedAt");
    // MinDate is no creation time.
    expect(mapDevice({ ...DEVICE, activeFrom: "1986-01-01T00:00:00.000Z" })).not.toHaveProperty("createdAt");
  });

  it("matches the creation of every canonical vehicle's Device the fake renders", () => {
    const trackers = new Map(
      devicesAt(FLEET)
        .filter((device) => device.type === "tracker")
        .map((device) => [device.vehicleId, device.serial]),
    );
    for (const vehicle of vehiclesAt(FLEET)) {
      const device = mapDevice(renderDevice(vehicle, trackers.get(vehicle.id)!));
      expect(device.createdAt).toBe(vehicle.createdAt);
      expect(device).not.toHaveProperty("updatedAt");
    }
  });

  it("groups have no creation or update time", () => {
    for (const group of renderGroups().filter((candidate) => candidate.id !== "GroupCompanyId")) {
      const normalized = mapGroup(group);
      expect(normalized).not.toHaveProperty("createdAt");
      expect(normalized).not.toHaveProperty("updatedAt");
    }
  });
});
