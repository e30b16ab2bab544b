import type { NormalizedSafetyEvent } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import { round2, round2OrUndefined } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { safetyEventType, typedLabel } from "../behavior-labels";
import { cameraSourceId, facingOf } from "../cameras";
import { nextAfter, PROVIDER } from "../client";
import { next, samsaraPages } from "../listing";
import { type SamsaraSafetyEvent, samsaraListEnvelope, samsaraSafetyEvent } from "../payloads";
import { isoTime, optional } from "../values";

/**
 * v2 safety events created in the window (`queryByTimeField=createdAtTime`: an event is created
 * moments after it happens, and never again, so consecutive windows read each event once).
 * Events whose behaviour labels have no normalized type are left out. The safety-event stream
 * is in Samsara's 5 requests/s tier (providers.md 1.3).
 */
export const samsaraSafetyEvents: ProviderModel<"safetyEvents"> = {
  pace: "safety",
  read: samsaraPages("safetyEvents", "samsara.safety-events.stream", async (client, input) => {
    const window = requireWindow(PROVIDER, "safetyEvents", input.window);
    const body = await client.get(
      "/safety-events/stream",
      {
        startTime: window.start.toISOString(),
        endTime: window.end.toISOString(),
        queryByTimeField: "createdAtTime",
        includeAsset: "true",
        includeDriver: "true",
        after: input.cursor?.after,
      },
      samsaraListEnvelope,
    );
    const after = nextAfter(body.pagination);
    return { items: body.data.filter(hasKnownType), ...next(after && { model: "safetyEvents", after }) };
  }),
  normalize: mapSafetyEvent,
};

/** False only for an event whose labels are all readable and none has a normalized type. */
export function hasKnownType(event: unknown): boolean {
  const labels = (event as { behaviorLabels?: unknown } | null)?.behaviorLabels;
  if (!Array.isArray(labels) || !labels.every((label) => typeof label?.label === "string")) return true;
  return safetyEventType(labels) !== undefined;
}

/**
 * A v2 safety event: behaviour labels to wire-compat types (the label that gave the type is the
 * event's `sourceType`), RFC 3339 `startMs`/`endMs`. Speeds are km/h already (speedingMetadata);
 * the peak g-force is forward-backward for braking, acceleration and crashes, side-to-side for
 * harsh turns.
 */
export function mapSafetyEvent(payload: unknown): NormalizedSafetyEvent {
  const event = parsePayload(PROVIDER, samsaraSafetyEvent, payload, "safety event");
  const typed = typedLabel(event.behaviorLabels);
  if (!typed) {
    throw new ProviderError("malformed", `Samsara: safety event ${event.id} has no behaviour label with a known type.`);
  }
  const { type } = typed;
  const startedAt = isoTime(event.startMs);
  if (!startedAt) throw new ProviderError("malformed", `Samsara: safety event ${event.id} has no valid startMs.`);
  const assetType = nonBlank(event.asset?.type);
  const vehicle = assetType === undefined || assetType === "vehicle" ? nonBlank(event.asset?.id) : undefined;
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
  return {
    sourceId: event.id,
    type,
    sourceType: typed.label,
    ...optional("driverSourceId", nonBlank(event.driver?.id)),
    ...optional("vehicleSourceId", vehicle),
    ...(event.location
      ? { startLocation: { latitude: event.location.latitude, longitude: event.location.longitude } }
      : {}),
    startedAt,
    ...optional("endedAt", isoTime(event.endMs)),
    ...(Object.keys(stats).length ? { stats } : {}),
    cameraMedia: cameraReferences(event),
  };
}

/**
 * The dash cams of an event: those it lists media of, and those that recorded it
 * (`detectedStreams`) but whose media is not uploaded yet. A camera is available once a media
 * of it has its signed URL; an event without either list had no camera.
 */
function cameraReferences(event: SamsaraSafetyEvent): NormalizedSafetyEvent["cameraMedia"] {
  const cameraMedia: NormalizedSafetyEvent["cameraMedia"] = {};
  for (const media of [...(event.media ?? []), ...(event.detectedStreams ?? [])]) {
    const facing = facingOf(media.input, media.cameraRole);
    if (!facing) continue;
    const available = nonBlank(media.url) !== undefined || cameraMedia[facing]?.available === true;
    cameraMedia[facing] = { sourceId: cameraSourceId(event.id, facing), available };
  }
  return cameraMedia;
}
