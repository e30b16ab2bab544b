/**
 * Samsara's own fields on families already served, at the mapping level, on payloads in
 * Samsara's shapes (providers.md §1.5, §1.8, §1.9; the fake's renderings of the canonical fleet):
 * a safety event's `sourceType` is the behaviour label that gave its type, its cameras are
 * those it lists media of or that recorded it (`detectedStreams`), available once a media has
 * its signed URL; tags and gateways carry no creation or update time.
 */
import { describe, expect, it } from "vitest";
import { mapDevice } from "../../src/providers/samsara/models/devices";
import { mapTag } from "../../src/providers/samsara/models/groups";
import { mapSafetyEvent } from "../../src/providers/samsara/models/safety-events";
import { type FleetOptions, safetyEventsBetween } from "../fakes/fleet.ts";
import { gatewaysOf, LABELS, safetyEventOf, tagsOf } from "../fakes/samsara/render.ts";

const FLEET: FleetOptions = { seed: "samsara-source-fields", vehicles: 6, revision: 0 };
const NOW = Date.parse("2026-01-20T12:00:00Z");

/** providers.md §1.8's example event. */
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
};
const ROAD = { input: "dashcamRoadFacing", cameraRole: "front" };
const INWARD = { input: "dashcamDriverFacing", cameraRole: "inCab" };
const url = (file: string) => `https://sample.s3.url.com/${file}?X-Amz-Expires=28800`;
const front = (available: boolean) => ({ sourceId: `${EVENT.id}:dashcamRoadFacing`, available });
const rear = (available: boolean) => ({ sourceId: `${EVENT.id}:dashcamDriverFacing`, available });

describe("Samsara safety events: sourceType", () => {
  it("is the behaviour label that gave the type, as Samsara wrote it", () => {
    expect(mapSafetyEvent(EVENT)).toMatchObject({ type: "harsh_brake", sourceType: "Braking" });
    const labelled = (...labels: string[]) =>
      mapSafetyEvent({ ...EVENT, behaviorLabels: labels.map((label) => ({ label, source: "automated" })) });
    // A label without a type (Passenger) is skipped for the first one that has one.
    expect(labelled("Passenger", "FollowingDistanceSevere")).toMatchObject({
      type: "tailgating",
      sourceType: "FollowingDistanceSevere",
    });
    expect(labelled("SevereSpeeding")).toMatchObject({ type: "speeding", sourceType: "SevereSpeeding" });
    // The legacy API's camelCase is kept as written.
    expect(labelled("harshTurn")).toMatchObject({ type: "harsh_turn", sourceType: "harshTurn" });
  });

  it("is the fake's label for every canonical event", () => {
    const events = safetyEventsBetween(FLEET, NOW - 10 * 86_400_000, NOW);
    expect(new Set(events.map((event) => event.type)).size).toBe(4);
    for (const event of events) {
      expect(mapSafetyEvent(safetyEventOf(FLEET, event, NOW)).sourceType).toBe(LABELS[event.type]);
    }
  });
});

describe("Samsara safety events: cameraMedia", () => {
  it("references each camera with media, available once its signed URL is there", () => {
    const media = [
      { ...ROAD, url: url("front.mp4") },
      { ...INWARD, url: url("inward.mp4") },
    ];
    expect(mapSafetyEvent({ ...EVENT, media, detectedStreams: [ROAD, INWARD] }).cameraMedia).toEqual({
      frontFacing: front(true),
      rearFacing: rear(true),
    });
  });

  it("references a camera that recorded the event before its media is uploaded, as not available", () => {
    // The road-facing clip is uploaded, the driver-facing one only detected.
    expect(
      mapSafetyEvent({ ...EVENT, media: [{ ...ROAD, url: url("front.mp4") }], detectedStreams: [ROAD, INWARD] })
        .cameraMedia,
    ).toEqual({ frontFacing: front(true), rearFacing: rear(false) });
    // Nothing uploaded yet: no media list at all, or media without a URL.
    expect(mapSafetyEvent({ ...EVENT, detectedStreams: [ROAD] }).cameraMedia).toEqual({ frontFacing: front(false) });
    expect(mapSafetyEvent({ ...EVENT, media: [{ ...ROAD, url: "" }] }).cameraMedia).toEqual({
      frontFacing: front(false),
    });
  });

  it("is {} only for an event no dash cam recorded (analog inputs are not dash cams)", () => {
    expect(mapSafetyEvent(EVENT).cameraMedia).toEqual({});
    expect(mapSafetyEvent({ ...EVENT, media: [], detectedStreams: [] }).cameraMedia).toEqual({});
    expect(mapSafetyEvent({ ...EVENT, media: null, detectedStreams: null }).cameraMedia).toEqual({});
    expect(
      mapSafetyEvent({ ...EVENT, media: [{ input: "analog1", url: url("aux.mp4") }], detectedStreams: [] }).cameraMedia,
    ).toEqual({});
  });

  it("matches the canonical media of every event the fake renders", () => {
    for (const event of safetyEventsBetween(FLEET, NOW - 10 * 86_400_000, NOW)) {
      const { cameraMedia } = mapSafetyEvent(safetyEventOf(FLEET, event, NOW));
      expect(cameraMedia).toEqual(
        event.media === "none" ? {} : { frontFacing: { sourceId: `${event.id}:dashcamRoadFacing`, available: true } },
      );
    }
  });
});

describe("Samsara groups and devices: no source times", () => {
  it("tags have no creation or update time", () => {
    for (const tag of tagsOf(FLEET)) {
      const group = mapTag(tag);
      expect(group).not.toHaveProperty("createdAt");
      expect(group).not.toHaveProperty("updatedAt");
    }
  });

  it("gateways and their dash cams have none either", () => {
    const gateways = gatewaysOf(FLEET);
    expect(gateways.some((gateway) => gateway.accessoryDevices.length > 0)).toBe(true);
    for (const gateway of gateways) {
      const items = [
        gateway,
        ...gateway.accessoryDevices.map((accessory) => ({
          accessory,
          gateway: { serial: gateway.serial, asset: gateway.asset },
        })),
      ];
      for (const item of items) {
        const device = mapDevice(item);
        expect(device).not.toHaveProperty("createdAt");
        expect(device).not.toHaveProperty("updatedAt");
      }
    }
  });
});
