import { z } from "@hono/zod-openapi";
import type { NormalizedSafetyEvent, SafetyEventType } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { isoDay, requireWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type CameraLinks, cameraLinks, cameraSourceId } from "../cameras";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "../client";
import { decodeMotiveCursor, encodeMotiveCursor } from "../cursor";
import { missingPermissions, perPage } from "../listing";
import { type MotiveCameraMedia, type MotiveEventType, motiveDriverPerformanceEvent } from "../payloads";
import { iso, round2 } from "../values";

/** Driver performance events, at the adapter's one conservative pace (providers.md 2.3). */
export const motiveSafetyEvents: ProviderModel<"safetyEvents"> = {
  pace: "api",
  read: readSafetyEvents,
  normalize: mapSafetyEvent,
};

/** The raw entries' `schema`: the endpoint the payloads came from. */
const SCHEMA = "/v1/driver_performance_events";
const EVENTS = { list: "driver_performance_events", item: "driver_performance_event" };

/** Motive's behaviours → wire-compat safety event types. */
export const EVENT_TYPES: Readonly<Record<MotiveEventType, SafetyEventType>> = {
  hard_accel: "harsh_acceleration",
  hard_brake: "harsh_brake",
  hard_corner: "harsh_turn",
  crash: "crash",
  seat_belt_violation: "seat_belt_violation",
  tailgating: "tailgating",
  cell_phone: "cell_phone",
  stop_sign_violation: "stop_sign_violation",
  distraction: "distracted",
  unsafe_lane_change: "unsafe_lane_change",
  drowsiness: "drowsiness",
  road_facing_cam_obstruction: "camera_obstruction",
  driver_facing_cam_obstruction: "camera_obstruction",
  forward_collision_warning: "near_crash",
};

/**
 * Driver performance events of the window's dates (Motive filters by whole days), with their
 * camera media (`media_required=true`), then only those that started within the window.
 */
async function readSafetyEvents(request: ReadRequest): Promise<ProviderPage> {
  const client = MotiveClient.of(request.context, request.credentials);
  const window = requireWindow(PROVIDER, "safetyEvents", request.window);
  const { page } = request.cursor === undefined ? { page: 1 } : decodeMotiveCursor(request.cursor, false);
  try {
    const answer = await client.list(
      "/v1/driver_performance_events",
      EVENTS,
      {
        start_date: isoDay(window.start.getTime()),
        end_date: isoDay(window.end.getTime() - 1),
        media_required: true,
      },
      { no: page, perPage: perPage(request.pageSize) },
    );
    const start = window.start.getTime();
    const end = window.end.getTime();
    const items = answer.items.filter((item) => {
      const startedAt = startTimeOf(item);
      // An event without a readable start is kept: normalize rejects it and the sync reports it.
      return startedAt === undefined || (startedAt >= start && startedAt < end);
    });
    return {
      items,
      schema: SCHEMA,
      ...(answer.hasMore ? { nextCursor: encodeMotiveCursor({ page: page + 1 }) } : {}),
    };
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return {
      items: [],
      schema: SCHEMA,
      issues: [missingPermissions(`${error.message} Safety events were not read.`)],
    };
  }
}

function startTimeOf(item: unknown): number | undefined {
  const parsed = z.object({ start_time: z.iso.datetime({ offset: true }) }).safeParse(item);
  return parsed.success ? Date.parse(parsed.data.start_time) : undefined;
}

/**
 * Motive reports one acceleration magnitude in g: braking decelerates (negative forward g),
 * cornering is sideways; other behaviours carry no g-force we can place on an axis. Speeds
 * are km/h (metric units are asked for). The behaviour's own name (`type`) is the `sourceType`.
 */
export function mapSafetyEvent(payload: unknown): NormalizedSafetyEvent {
  const event = parsePayload(PROVIDER, motiveDriverPerformanceEvent, payload, "driver performance event");
  const speeds = [event.start_speed, event.end_speed].filter((speed): speed is number => speed != null);
  const maximumSpeed = event.max_speed ?? (speeds.length ? Math.max(...speeds) : undefined);
  const g = event.acceleration == null ? undefined : Math.abs(event.acceleration);
  const stats: NonNullable<NormalizedSafetyEvent["stats"]> = {
    ...(maximumSpeed != null ? { maximumSpeed: round2(maximumSpeed) } : {}),
    ...(g !== undefined && event.type === "hard_brake" ? { gForceForwardBackward: round2(-g) } : {}),
    ...(g !== undefined && event.type === "hard_accel" ? { gForceForwardBackward: round2(g) } : {}),
    ...(g !== undefined && event.type === "hard_corner" ? { gForceSideToSide: round2(g) } : {}),
    ...(event.start_bearing != null ? { heading: round2(event.start_bearing) } : {}),
  };
  return {
    sourceId: String(event.id),
    type: EVENT_TYPES[event.type],
    sourceType: event.type,
    ...(event.driver ? { driverSourceId: String(event.driver.id) } : {}),
    ...(event.vehicle ? { vehicleSourceId: String(event.vehicle.id) } : {}),
    ...(event.lat != null && event.lon != null ? { startLocation: { latitude: event.lat, longitude: event.lon } } : {}),
    startedAt: iso(event.start_time),
    ...(event.end_time ? { endedAt: iso(event.end_time) } : {}),
    ...(Object.keys(stats).length ? { stats } : {}),
    cameraMedia: cameraReferences(event.camera_media),
  };
}

/**
 * The cameras of an event as the listing tells them, each available once it has a link.
 * Motive's dash cams always film the road: an event with footage (`available`), or whose
 * camera is named (type, positions) though it has none, references the road-facing camera;
 * the driver-facing one too when that camera films the driver. `available: false` with no
 * camera named, or no `camera_media`, is an event without a camera.
 */
function cameraReferences(media: MotiveCameraMedia | null | undefined): NormalizedSafetyEvent["cameraMedia"] {
  if (!media) return {};
  const { front, driver } = cameraLinks(media);
  const linked = (links: CameraLinks) => links.video !== null || links.image !== null;
  const type = [media.cam_type, media.camera_type].filter(Boolean).join(" ").toLowerCase();
  const positions = (media.cam_positions ?? []).map((position) => position.toLowerCase());
  const filmsDriver =
    linked(driver) ||
    /dual|driver|inward/.test(type) ||
    positions.some((position) => /driver|inward|cab/.test(position));
  if (!media.available && type === "" && positions.length === 0 && !linked(front) && !filmsDriver) return {};
  return {
    frontFacing: { sourceId: cameraSourceId(media, "front"), available: linked(front) },
    ...(filmsDriver ? { rearFacing: { sourceId: cameraSourceId(media, "driver"), available: linked(driver) } } : {}),
  };
}
