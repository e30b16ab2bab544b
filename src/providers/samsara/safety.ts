import type { CameraView, NormalizedCameraMedia, NormalizedSafetyEvent, SafetyEventType } from "../../model/normalized";
import { ProviderError } from "../errors";
import { type SamsaraMediaItem, type SamsaraSafetyEvent, samsaraSafetyEvent } from "./payloads";
import { isoTime, optional, parse, present, round2, round2OrUndefined } from "./values";

/**
 * Samsara's v2 safety events and their camera media → the normalized model: behaviour labels
 * to wire-compat types, speeds already in km/h, RFC 3339 `startMs`/`endMs`, cameras by input.
 */

/**
 * Samsara's behaviour labels (v2 names are PascalCase, the legacy API's camelCase: matched
 * without case) → wire-compat safety event types. Labels not listed (DidNotYield, HosViolation,
 * Idling, DefensiveDriving, Passenger…) have no normalized type.
 */
const LABEL_TYPES: Readonly<Record<string, SafetyEventType>> = Object.fromEntries(
  Object.entries({
    braking: "harsh_brake",
    acceleration: "harsh_acceleration",
    harshTurn: "harsh_turn",
    speeding: "speeding",
    lightSpeeding: "speeding",
    moderateSpeeding: "speeding",
    heavySpeeding: "speeding",
    severeSpeeding: "speeding",
    maxSpeed: "speeding",
    crash: "crash",
    harshImpact: "crash",
    nearCollison: "near_crash",
    nearCollision: "near_crash",
    nearPedestrianCollision: "near_crash",
    forwardCollisionWarning: "near_crash",
    followingDistance: "tailgating",
    followingDistanceModerate: "tailgating",
    followingDistanceSevere: "tailgating",
    genericTailgating: "tailgating",
    mobileUsage: "cell_phone",
    genericDistraction: "distracted",
    edgeDistractedDriving: "distracted",
    lateResponse: "distracted",
    drowsy: "drowsiness",
    smoking: "smoking",
    noSeatbelt: "seat_belt_violation",
    ranRedLight: "red_light_violation",
    rollingStop: "rolling_stop",
    laneDeparture: "unsafe_lane_change",
    obstructedCamera: "camera_obstruction",
    eatingDrinking: "eating_and_drinking",
    eating: "eating_and_drinking",
    drinking: "eating_and_drinking",
  } satisfies Record<string, SafetyEventType>).map(([label, type]) => [label.toLowerCase(), type]),
);

/** The type of an event: its first behaviour label that has one; undefined when none has. */
export function safetyEventType(
  labels: ReadonlyArray<{ label: string }> | null | undefined,
): SafetyEventType | undefined {
  for (const { label } of labels ?? []) {
    const type = LABEL_TYPES[label.toLowerCase()];
    if (type) return type;
  }
  return undefined;
}

/** Which camera of an event a view is: the road-facing one, or the driver-facing (inward) one. */
type Facing = "frontFacing" | "rearFacing";

/** Safety events name inputs dashcamRoadFacing/DriverFacing; the media library dashcamForward/InwardFacing. */
function facingOf(input: string | null | undefined, cameraRole?: string | null): Facing | undefined {
  const value = (input ?? "").toLowerCase();
  if (value === "dashcamroadfacing" || value === "dashcamforwardfacing") return "frontFacing";
  if (value === "dashcamdriverfacing" || value === "dashcaminwardfacing") return "rearFacing";
  if (cameraRole === "front") return "frontFacing";
  if (cameraRole === "inCab") return "rearFacing";
  return undefined;
}

/** The stable id of one camera of an event (Samsara's media have no id of their own). */
const cameraSourceId = (eventId: string, facing: Facing) =>
  `${eventId}:${facing === "frontFacing" ? "dashcamRoadFacing" : "dashcamDriverFacing"}`;

/**
 * A v2 safety event. Speeds are km/h already (speedingMetadata); the peak g-force is
 * forward-backward for braking, acceleration and crashes, side-to-side for harsh turns. A
 * camera is referenced when the event lists its media; available once its signed URL is there.
 */
export function mapSafetyEvent(payload: unknown): NormalizedSafetyEvent {
  const event = parse(samsaraSafetyEvent, payload, "safety event");
  const type = safetyEventType(event.behaviorLabels);
  if (!type) {
    throw new ProviderError("malformed", `Samsara: safety event ${event.id} has no behaviour label with a known type.`);
  }
  const startedAt = isoTime(event.startMs);
  if (!startedAt) throw new ProviderError("malformed", `Samsara: safety event ${event.id} has no valid startMs.`);
  const assetType = present(event.asset?.type);
  const vehicle = assetType === undefined || assetType === "vehicle" ? present(event.asset?.id) : undefined;
  const g = event.maxAccelerationGForce ?? undefined;
  const speeding = event.speedingMetadata;
  const stats = {
    ...optional("maximumSpeed", round2OrUndefined(speeding?.maxSpeedKilometersPerHour)),
    ...optional("roadSpeedLimit", round2OrUndefined(speeding?.postedSpeedLimitKilometersPerHour)),
    ...(g !== undefined && ["harsh_brake", "harsh_acceleration", "crash"].includes(type)
      ? { gForceForwardBackward: round2(g) }
      : {}),
    ...(g !== undefined && type === "harsh_turn" ? { gForceSideToSide: round2(g) } : {}),
    ...optional("heading", round2OrUndefined(event.location?.headingDegrees)),
  };
  const cameraMedia: NormalizedSafetyEvent["cameraMedia"] = {};
  for (const media of event.media ?? []) {
    const facing = facingOf(media.input, media.cameraRole);
    if (!facing) continue;
    const available = present(media.url) !== undefined || cameraMedia[facing]?.available === true;
    cameraMedia[facing] = { sourceId: cameraSourceId(event.id, facing), available };
  }
  return {
    sourceId: event.id,
    type,
    ...optional("driverSourceId", present(event.driver?.id)),
    ...optional("vehicleSourceId", vehicle),
    ...(event.location
      ? { startLocation: { latitude: event.location.latitude, longitude: event.location.longitude } }
      : {}),
    startedAt,
    ...optional("endedAt", isoTime(event.endMs)),
    ...(Object.keys(stats).length ? { stats } : {}),
    cameraMedia,
  };
}

/**
 * An event's camera media, live: a view per camera the media library has for the event (its
 * vehicle, its time, its cameras), with the video (high resolution preferred) and the still.
 * A camera the event lists whose upload is not done yet (no URL, nothing in the library) is
 * ProviderError("provisioning_pending").
 */
export function mapEventMedia(event: SamsaraSafetyEvent, library: readonly SamsaraMediaItem[]): NormalizedCameraMedia {
  const views: NormalizedCameraMedia = {};
  // The first media type of `types` (in order of preference) the library has with a URL.
  const pick = (facing: Facing, types: readonly string[]) => {
    for (const type of types) {
      const found = library.find((item) => facingOf(item.input) === facing && item.mediaType === type && item.urlInfo);
      if (found) return found.urlInfo?.url;
    }
    return undefined;
  };
  for (const facing of ["frontFacing", "rearFacing"] as const) {
    const videoUrl = pick(facing, ["videoHighRes", "videoLowRes"]);
    const imageUrl = pick(facing, ["image"]);
    if (videoUrl === undefined && imageUrl === undefined) continue;
    const view: CameraView = {
      sourceId: cameraSourceId(event.id, facing),
      ...optional("videoUrl", videoUrl),
      ...optional("imageUrl", imageUrl),
    };
    views[facing] = view;
  }
  const pending = (event.media ?? []).some((media) => {
    const facing = facingOf(media.input, media.cameraRole);
    return facing !== undefined && present(media.url) === undefined && views[facing] === undefined;
  });
  if (pending)
    throw new ProviderError(
      "provisioning_pending",
      `Samsara is still uploading the camera media of event ${event.id}.`,
    );
  return views;
}
