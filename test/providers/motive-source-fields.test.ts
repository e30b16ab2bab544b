/**
 * Motive's own fields on families already served, at the mapping level, on payloads in
 * Motive's shapes (providers.md §2.8; the fake's renderings of the canonical fleet): a driver
 * performance event's `sourceType` is its `type`; its cameras are referenced whenever it had a
 * dash cam (`camera_media.available`, or the camera named by type or positions though it has
 * no footage), available once a link is there; `{}` only without a camera. Groups and ELD
 * devices carry no creation or update time.
 */
import { describe, expect, it } from "vitest";
import { mapDevice } from "../../src/providers/motive/models/devices";
import { mapGroup } from "../../src/providers/motive/models/groups";
import { mapSafetyEvent } from "../../src/providers/motive/models/safety-events";
import { MOTIVE_EVENT_TYPES as BEHAVIOURS } from "../../src/providers/motive/payloads";
import { devicesAt, driversAt, type FleetOptions, GROUPS, safetyEventsBetween, vehiclesAt } from "../fakes/fleet.ts";
import { MOTIVE_EVENT_TYPES, mediaStateOf, motiveIds } from "../fakes/motive/ids.ts";
import { renderEldDevice, renderEvent, renderGroup } from "../fakes/motive/render.ts";

const FLEET: FleetOptions = { seed: "motive-source-fields", vehicles: 8, revision: 0 };
const NOW = Date.parse("2026-01-20T12:00:00Z");
const LINK = "https://example-bucket.s3.amazonaws.com/ff.mp4?X-Amz-Expires=600";

/** providers.md §2.8's example event, its camera media made per case. */
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
  driver: { id: 77210, first_name: "Ana", last_name: "Ruiz" },
  vehicle: { id: 4012, number: "T-104" },
};
const NO_LINKS = {
  downloadable_videos: {
    front_facing_plain_url: null,
    front_facing_enhanced_url: null,
    driver_facing_plain_url: null,
    dual_facing_enhanced_url: null,
  },
  downloadable_images: { front_facing_jpg_url: null, driver_facing_jpg_url: null },
};
const front = (available: boolean) => ({ sourceId: "3328325693-front_facing", available });
const rear = (available: boolean) => ({ sourceId: "3328325693-driver_facing", available });
const cameras = (camera_media: unknown) => mapSafetyEvent({ ...EVENT, camera_media }).cameraMedia;

/** The canonical events of the fleet as the fake renders them (speeding is not Motive's). */
function renderedEvents() {
  const vehicles = new Map(vehiclesAt(FLEET).map((vehicle) => [vehicle.id, vehicle]));
  const drivers = new Map(driversAt(FLEET).map((driver) => [driver.id, driver]));
  const trackers = new Map(
    devicesAt(FLEET)
      .filter((device) => device.type === "tracker")
      .map((device) => [device.vehicleId, device]),
  );
  return safetyEventsBetween(FLEET, NOW - 20 * 86_400_000, NOW)
    .filter((event) => MOTIVE_EVENT_TYPES[event.type] !== undefined)
    .map((event) => ({
      event,
      payload: renderEvent(event, {
        vehicle: vehicles.get(event.vehicleId)!,
        driver: drivers.get(event.driverId),
        tracker: trackers.get(event.vehicleId),
        companyId: 5531,
        withMedia: true,
        now: NOW,
      }),
    }));
}

describe("Motive safety events: sourceType", () => {
  it("is the event's own type, for every behaviour", () => {
    for (const type of BEHAVIOURS) expect(mapSafetyEvent({ ...EVENT, type }).sourceType).toBe(type);
    expect(mapSafetyEvent({ ...EVENT, type: "forward_collision_warning" })).toMatchObject({
      type: "near_crash",
      sourceType: "forward_collision_warning",
    });
  });

  it("is the fake's type for every canonical event", () => {
    const rendered = renderedEvents();
    expect(rendered.length).toBeGreaterThan(5);
    for (const { event, payload } of rendered) {
      expect(mapSafetyEvent(payload).sourceType).toBe(MOTIVE_EVENT_TYPES[event.type]);
    }
  });
});

describe("Motive safety events: cameraMedia", () => {
  it("references both cameras of a dual-facing clip, available with their links", () => {
    expect(
      cameras({
        id: 3328325693,
        available: true,
        cam_type: "dual_facing",
        cam_positions: ["front_facing", "driver_facing"],
        auto_transcode_status: "completed",
        downloadable_videos: { front_facing_plain_url: LINK, driver_facing_plain_url: LINK },
        downloadable_images: { front_facing_jpg_url: LINK, driver_facing_jpg_url: LINK },
      }),
    ).toEqual({ frontFacing: front(true), rearFacing: rear(true) });
  });

  it("references a camera whose footage is not transcoded yet, as not available", () => {
    const pending = { id: 3328325693, available: true, auto_transcode_status: "not started", ...NO_LINKS };
    expect(cameras(pending)).toEqual({ frontFacing: front(false) });
    // A dual-facing dash cam names its driver-facing camera, not ready either.
    expect(cameras({ ...pending, cam_type: "dual_facing", cam_positions: ["front_facing", "driver_facing"] })).toEqual({
      frontFacing: front(false),
      rearFacing: rear(false),
    });
    // A still of the road is there before the video.
    expect(
      cameras({ ...pending, downloadable_images: { front_facing_jpg_url: LINK, driver_facing_jpg_url: null } }),
    ).toEqual({ frontFacing: front(true) });
  });

  it("references a dash cam that recorded no footage (`available: false`, the camera named), as not available", () => {
    const none = { id: 3328325693, available: false, auto_transcode_status: null, ...NO_LINKS };
    expect(cameras({ ...none, cam_type: "front_facing", cam_positions: ["front_facing"] })).toEqual({
      frontFacing: front(false),
    });
    expect(cameras({ ...none, camera_type: "dual_facing" })).toEqual({
      frontFacing: front(false),
      rearFacing: rear(false),
    });
  });

  it("is {} only without a camera: no camera_media, or `available: false` with no camera named", () => {
    expect(cameras(null)).toEqual({});
    expect(mapSafetyEvent(EVENT).cameraMedia).toEqual({});
    expect(
      cameras({
        id: 3328325693,
        available: false,
        cam_type: null,
        cam_positions: [],
        auto_transcode_status: null,
        downloadable_videos: null,
        downloadable_images: null,
      }),
    ).toEqual({});
  });

  it("matches the state of the media of every event the fake renders", () => {
    const rendered = renderedEvents();
    const states = new Set(rendered.map(({ event }) => mediaStateOf(event)));
    expect(states.size).toBeGreaterThan(2);
    for (const { event, payload } of rendered) {
      const state = mediaStateOf(event);
      const sourceId = `${motiveIds.event(event)}-front_facing`;
      expect(mapSafetyEvent(payload).cameraMedia, state).toEqual(
        state === "video" || state === "image"
          ? { frontFacing: { sourceId, available: true } }
          : state === "pending"
            ? { frontFacing: { sourceId, available: false } }
            : {},
      );
    }
  });
});

describe("Motive groups and ELD devices: no source times", () => {
  it("groups have no creation or update time", () => {
    for (const group of GROUPS) {
      const normalized = mapGroup(renderGroup(group, 5531));
      expect(normalized).not.toHaveProperty("createdAt");
      expect(normalized).not.toHaveProperty("updatedAt");
    }
  });

  it("ELD devices have none either", () => {
    for (const device of devicesAt(FLEET).filter((candidate) => candidate.type === "tracker")) {
      const normalized = mapDevice({
        ...renderEldDevice(device),
        vehicle: { id: motiveIds.vehicle(device.vehicleId) },
      });
      expect(normalized).not.toHaveProperty("createdAt");
      expect(normalized).not.toHaveProperty("updatedAt");
    }
  });
});
