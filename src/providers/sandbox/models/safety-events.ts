import type { Location, NormalizedSafetyEvent, SafetyEventType } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE, round2 } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { sandboxListing, windowListing } from "../listing";
import { PROVIDER, type SandboxBehavior, sandboxSafetyEvent } from "../payloads";
import { safetyEventsOfDay } from "../safety";

/** `GET /safety/events`: the events that started in the window, on the days it covers. */
export const sandboxSafetyEvents: ProviderModel<"safetyEvents"> = {
  pace: NOT_PACED,
  read: sandboxListing("safetyEvents", (fleet, window) => {
    const { start, end } = requireWindow(PROVIDER, "safetyEvents", window);
    const [from, to] = [start.getTime(), end.getTime()];
    return windowListing("sandbox.safety_events.list", fleet, { start, end }, (vehicle, day) =>
      safetyEventsOfDay(fleet, vehicle, day, fleet.asOf).filter((event) => {
        const startedAt = Date.parse(event.startedAt);
        return startedAt >= from && startedAt < to;
      }),
    );
  }),
  normalize: mapSafetyEvent,
};

/** The sandbox's behaviours → wire-compat safety event types (one to one). */
export const BEHAVIOR_TYPES: Readonly<Record<SandboxBehavior, SafetyEventType>> = {
  hardBraking: "harsh_brake",
  hardAcceleration: "harsh_acceleration",
  harshCornering: "harsh_turn",
  overSpeed: "speeding",
  collision: "crash",
  nearCollision: "near_crash",
  followingDistance: "tailgating",
  mobileUsage: "cell_phone",
  inattentive: "distracted",
  drowsy: "drowsiness",
  smoking: "smoking",
  noSeatbelt: "seat_belt_violation",
  stopSignRunning: "stop_sign_violation",
  redLightRunning: "red_light_violation",
  laneDeparture: "unsafe_lane_change",
  cameraBlocked: "camera_obstruction",
  eatingDrinking: "eating_and_drinking",
  rollingStop: "rolling_stop",
  unsafeParking: "unsafe_parking",
};

/**
 * Speeds mph → km/h; g-forces and heading as they are; the behaviour's own name as the
 * `sourceType`. A vehicle's dashcam references its cameras (not yet available while the clips
 * are prepared); an event of a vehicle without one has no camera.
 */
export function mapSafetyEvent(payload: unknown): NormalizedSafetyEvent {
  const event = parsePayload(PROVIDER, sandboxSafetyEvent, payload, "safety event");
  const { front, rear } = event.media;
  return {
    sourceId: event.id,
    type: BEHAVIOR_TYPES[event.behavior],
    sourceType: event.behavior,
    ...(event.driverId !== undefined ? { driverSourceId: event.driverId } : {}),
    vehicleSourceId: event.vehicleId,
    startLocation: location(event.location),
    ...(event.endLocation ? { endLocation: location(event.endLocation) } : {}),
    startedAt: event.startedAt,
    endedAt: event.endedAt,
    stats: {
      maximumSpeed: round2(event.maxSpeedMph * KM_PER_MILE),
      ...(event.avgSpeedMph !== undefined ? { averageSpeed: round2(event.avgSpeedMph * KM_PER_MILE) } : {}),
      ...(event.speedLimitMph !== undefined ? { roadSpeedLimit: round2(event.speedLimitMph * KM_PER_MILE) } : {}),
      gForceForwardBackward: round2(event.gForceX),
      gForceSideToSide: round2(event.gForceY),
      heading: round2(event.heading),
    },
    cameraMedia: {
      ...(front ? { frontFacing: { sourceId: front.id, available: front.ready } } : {}),
      ...(rear ? { rearFacing: { sourceId: rear.id, available: rear.ready } } : {}),
    },
  };
}

function location(point: { lat: number; lng: number }): Location {
  return { latitude: point.lat, longitude: point.lng };
}
