import { ProviderError } from "../errors";
import type { SandboxFleet } from "./fleet";
import type { SandboxEventMedia } from "./payloads";
import { mediaKind, safetyEventsOfDay } from "./safety";
import { parseCompactDay, wholeSeconds } from "./time";

/** How long the signed media links stay valid, like a real provider's pre-signed URLs. */
export const MEDIA_URL_TTL_SECONDS = 3600;

const EVENT_ID = /^sbx-evt-(\d{6,15})-(\d{8})-(\d)$/;

/**
 * The sandbox's `GET /safety/events/{id}/media`: fresh, expiring links to an event's clips.
 * The event must be one this fleet produced by its revision (its vehicle may have been deleted
 * since: history stays). Throws ProviderError("malformed") for an id that is not such an event,
 * and ProviderError("provisioning_pending") while the provider still prepares the clips, which
 * agrees with `ready: false` in the listing.
 */
export function readEventMedia(fleet: SandboxFleet, eventId: string, now: number): SandboxEventMedia {
  const event = findEvent(fleet, eventId);
  if (!event)
    throw new ProviderError("malformed", `Sandbox: no safety event ${JSON.stringify(eventId)} in this fleet.`);
  const { index, day, k, cameras } = event;
  const kind = mediaKind(fleet, index, day, k);
  if (cameras.length > 0 && kind === "pending") {
    throw new ProviderError("provisioning_pending", "Sandbox: the camera media of this event is still being prepared.");
  }
  const expires = Math.floor(wholeSeconds(now) / 1000) + MEDIA_URL_TTL_SECONDS;
  const base = `https://media.sandbox.example/${encodeURIComponent(fleet.spec.seed)}/${eventId}`;
  return {
    eventId,
    clips: cameras.map((camera) => ({
      id: `${eventId}-${camera}`,
      camera,
      ...(kind === "video" ? { videoUrl: `${base}/${camera}.mp4?expires=${expires}` } : {}),
      imageUrl: `${base}/${camera}.jpg?expires=${expires}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    })),
  };
}

function findEvent(fleet: SandboxFleet, eventId: string) {
  const match = EVENT_ID.exec(eventId);
  if (!match) return undefined;
  const index = Number(match[1]);
  const day = parseCompactDay(match[2]!);
  const k = Number(match[3]);
  const vehicle = fleet.vehicleByIndex(index);
  if (!vehicle || day === undefined) return undefined;
  const event = safetyEventsOfDay(fleet, vehicle, day, fleet.vehicleUntil(vehicle)).find(
    (candidate) => candidate.id === eventId,
  );
  if (!event) return undefined;
  const cameras = [
    ...(event.media.front ? (["front"] as const) : []),
    ...(event.media.rear ? (["rear"] as const) : []),
  ];
  return { index, day, k, cameras };
}
