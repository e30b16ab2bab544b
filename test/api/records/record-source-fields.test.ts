/**
 * The provider's own fields on families already served, end to end through a real sandbox
 * connection (POST /connections, its first sync, then the API as an application reads it):
 * `createdAt`/`updatedAt` of groups and devices, `sourceType` of safety events, and
 * `cameraMedia` referencing each camera that recorded an event (`{}` only without one). The
 * expectations come from the sandbox's own listing (its payloads, read straight from the
 * adapter), not from what the sync stored; the OpenAPI document describes every new field.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BEHAVIOR_TYPES } from "../../../src/providers/sandbox/models/safety-events";
import type { SandboxDevice, SandboxSafetyEvent, SandboxTag } from "../../../src/providers/sandbox/payloads";
import { ISO_DATE_TIME, walkPages } from "../../helpers/api-assertions";
import { createSandboxConnection, createTestApplication } from "../../helpers/factories";
import { BASE, call } from "../../helpers/http";
import { fetchDocument } from "../../helpers/openapi-operations";
import { providerRecords } from "../../helpers/provider-truth";
import { lastSyncId, type SyncJob, waitForSync } from "../../helpers/sync";

const OPTIONS = { sandbox: { fleetSize: 8, revision: 0 } };
const BACKFILL_DAYS = 30;
const DAY_MS = 86_400_000;

let connection: Awaited<ReturnType<typeof createSandboxConnection>>;
let key: string;
let job: SyncJob;
let get: (path: string) => Promise<any[]>;

beforeAll(async () => {
  const app = await createTestApplication();
  key = app.keys.sandbox.secret;
  connection = await createSandboxConnection(app, {
    syncMode: "manual",
    backfill: { days: BACKFILL_DAYS },
    options: OPTIONS,
  });
  const token = connection.token;
  ({ job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 }));
  expect(job.status, JSON.stringify(job)).toBe("completed");
  get = async (path) => {
    const separator = path.includes("?") ? "&" : "?";
    const { all } = await walkPages<any>((cursor) =>
      call(
        "GET",
        `${BASE.sandbox}${path}${separator}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        {
          key,
          token,
        },
      ),
    );
    return all;
  };
}, 90_000);

const bySourceId = <T>(items: T[], sourceId: (item: T) => string) =>
  new Map(items.map((item) => [sourceId(item), item]));

describe("createdAt and updatedAt of groups", () => {
  it("are the provider's own times of each group, set up before any vehicle", async () => {
    const tags = bySourceId((await providerRecords(connection, "groups", OPTIONS)) as SandboxTag[], (tag) => tag.id);
    const groups = await get("/groups?expand=parent");
    expect(groups.length).toBe(tags.size);
    for (const group of groups) {
      const tag = tags.get(group.sourceId)!;
      expect(group.createdAt).toMatch(ISO_DATE_TIME);
      expect({ createdAt: group.createdAt, updatedAt: group.updatedAt }).toEqual({
        createdAt: tag.createdAt,
        updatedAt: tag.updatedAt,
      });
      expect(Date.parse(group.createdAt)).toBeLessThanOrEqual(Date.parse(group.updatedAt));
      expect(Date.parse(group.updatedAt)).toBeLessThan(Date.parse(connection.createdAt));
      // An expanded parent carries its own times, and was set up before its yards.
      if (group.parent) {
        expect(group.parent.createdAt).toBe(tags.get(group.parent.sourceId)!.createdAt);
        expect(Date.parse(group.parent.createdAt)).toBeLessThanOrEqual(Date.parse(group.createdAt));
      }
    }
    expect(groups.some((group) => group.parent)).toBe(true);
    const oldestVehicle = Math.min(...(await get("/vehicles")).map((vehicle) => Date.parse(vehicle.createdAt)));
    expect(Math.max(...groups.map((group) => Date.parse(group.createdAt)))).toBeLessThan(oldestVehicle);
  });
});

describe("createdAt and updatedAt of devices", () => {
  it("are the provider's own times: a device is registered with the vehicle it is installed in", async () => {
    const listed = (await providerRecords(connection, "devices", OPTIONS)) as SandboxDevice[];
    const payloads = bySourceId(listed, (device) => device.id);
    const devices = await get("/devices?expand=vehicle");
    expect(devices.length).toBe(payloads.size);
    expect(new Set(devices.map((device) => device.type))).toEqual(new Set(["tracker", "camera"]));
    for (const device of devices) {
      const payload = payloads.get(device.sourceId)!;
      expect({ createdAt: device.createdAt, updatedAt: device.updatedAt }).toEqual({
        createdAt: payload.createdAt,
        updatedAt: payload.updatedAt,
      });
      expect(device.createdAt).toMatch(ISO_DATE_TIME);
      expect(device.createdAt).toBe(device.vehicle.createdAt);
      expect(Date.parse(device.updatedAt)).toBeGreaterThanOrEqual(Date.parse(device.createdAt));
    }
  });
});

describe("sourceType and cameraMedia of safety events", () => {
  it("carry the provider's behaviour name, and reference every camera that recorded the event", async () => {
    // The sync reads whole days, from the start of the day it starts from.
    const window = { start: new Date(Math.floor(Date.parse(job.startFrom!) / DAY_MS) * DAY_MS), end: new Date() };
    const payloads = bySourceId(
      (await providerRecords(connection, "safetyEvents", OPTIONS, window)) as SandboxSafetyEvent[],
      (event) => event.id,
    );
    const events = await get("/safety/events");
    expect(events.length).toBe(payloads.size);
    const vehicles = await get("/vehicles?expand=devices");
    const hasDashcam = new Map<string, boolean>(
      vehicles.map((vehicle) => [vehicle.id, vehicle.devices.some((device: any) => device.type === "camera")]),
    );
    for (const event of events) {
      const payload = payloads.get(event.sourceId)!;
      expect(event.sourceType).toBe(payload.behavior);
      expect(event.type).toBe(BEHAVIOR_TYPES[payload.behavior]);
      const { front, rear } = payload.media;
      expect(event.cameraMedia).toEqual({
        ...(front ? { frontFacing: { sourceId: front.id, available: front.ready } } : {}),
        ...(rear ? { rearFacing: { sourceId: rear.id, available: rear.ready } } : {}),
      });
      // `{}` exactly when the vehicle has no dash cam.
      expect(event.cameraMedia.frontFacing !== undefined).toBe(hasDashcam.get(event.vehicle));
    }
    const fronts = events.map((event) => event.cameraMedia.frontFacing).filter(Boolean);
    // Both states occur: media ready, and media the provider is still preparing.
    expect(new Set(fronts.map((front) => front.available))).toEqual(new Set([true, false]));
    expect(events.some((event) => Object.keys(event.cameraMedia).length === 0)).toBe(true);
    // The same fields on the event read by id.
    const one = events.find((event) => event.cameraMedia.frontFacing)!;
    const read = await call("GET", `${BASE.sandbox}/safety/events/${one.id}`, { key, token: connection.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ sourceType: one.sourceType, cameraMedia: one.cameraMedia });
  });
});

describe("the OpenAPI document", () => {
  it("describes createdAt/updatedAt of groups and devices, sourceType and the camera references of safety events", async () => {
    const schemas = (await fetchDocument(BASE.production)).components?.schemas ?? {};
    for (const name of ["Group", "ExpandedGroup", "Device", "ExpandedDevice"]) {
      for (const field of ["createdAt", "updatedAt"]) {
        expect(schemas[name].properties[field].description, `${name}.${field}`).toMatch(/provider system/);
        expect(schemas[name].required ?? []).not.toContain(field);
      }
    }
    const event = schemas.SafetyEvent;
    expect(event.properties.sourceType.description).toMatch(/provider's own name/);
    expect(event.required).not.toContain("sourceType");
    expect(event.required).toContain("cameraMedia");
    const cameraMedia = event.properties.cameraMedia;
    expect(cameraMedia.description).toMatch(/`\{\}` when the event had no camera/);
    expect(cameraMedia.description).toMatch(/`frontFacing` the road-facing one, `rearFacing` the driver-facing/);
    for (const facing of ["frontFacing", "rearFacing"]) {
      expect(cameraMedia.properties[facing]).toEqual({ $ref: "#/components/schemas/CameraReference" });
    }
    const reference = schemas.CameraReference;
    expect(reference.description).toMatch(/A camera that recorded the event/);
    expect(reference.required.sort()).toEqual(["available", "sourceId"]);
    expect(reference.properties.available.description).toMatch(/`false`/);
  });
});
