import type { CameraView, NormalizedCameraMedia } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { CameraMediaPage, CameraMediaSource, LiveReadRequest } from "../../types";
import { cameraSourceId, type Facing, facingOf } from "../cameras";
import { nextAfter, PROVIDER, SamsaraClient, samsaraCredentials } from "../client";
import {
  type SamsaraMediaItem,
  type SamsaraSafetyEvent,
  samsaraListEnvelope,
  samsaraMediaEnvelope,
  samsaraMediaItem,
  samsaraSafetyEvent,
} from "../payloads";
import { isoTime, optional } from "../values";

/** Pages of the media library read for one event at most (an event has a handful of media). */
const MAX_MEDIA_PAGES = 5;
/** The media library answers windows of at most 24 hours. */
const MAX_MEDIA_WINDOW_MS = 86_400_000;

/**
 * Fresh camera media of one safety event (Samsara's signed URLs expire after 8 hours, so they
 * are read live, never stored): the event by id (`GET /safety-events?safetyEventIds=`) for its
 * vehicle, time and cameras, then the media library (`GET /cameras/media`) of that vehicle over
 * the event's time, for the stills and videos it holds. Safety events by id and the media
 * library are in Samsara's 5 requests/s tier (providers.md 1.3).
 */
export const samsaraCameraMedia: CameraMediaSource = { pace: "safety", read: readSamsaraCameraMedia };

async function readSamsaraCameraMedia(request: LiveReadRequest, eventSourceId: string): Promise<CameraMediaPage> {
  const client = new SamsaraClient(samsaraCredentials(request.credentials), request.context);
  const events = await client.get(
    "/safety-events",
    { safetyEventIds: eventSourceId, includeAsset: "true" },
    samsaraListEnvelope,
  );
  const raw = events.data.find((item) => (item as { id?: unknown } | null)?.id === eventSourceId);
  if (raw === undefined) throw new ProviderError("malformed", `Samsara has no safety event ${eventSourceId}.`);
  const event = parsePayload(PROVIDER, samsaraSafetyEvent, raw, "safety event");
  const vehicleId = event.asset?.id?.trim();
  const startTime = isoTime(event.startMs);
  const media: unknown[] = [];
  if (vehicleId && startTime && (event.media ?? []).length > 0) {
    const start = Date.parse(startTime);
    const end = Math.min(Date.parse(isoTime(event.endMs) ?? startTime), start + MAX_MEDIA_WINDOW_MS);
    let after: string | undefined;
    for (let page = 0; page < MAX_MEDIA_PAGES; page++) {
      const body = await client.get(
        "/cameras/media",
        {
          vehicleIds: vehicleId,
          startTime: new Date(start).toISOString(),
          endTime: new Date(Math.max(end, start)).toISOString(),
          triggerReasons: "safetyEvent",
          after,
        },
        samsaraMediaEnvelope,
      );
      media.push(...body.data.media);
      after = nextAfter(body.pagination);
      if (!after) break;
    }
  }
  const library = media.flatMap((item) => {
    const parsed = samsaraMediaItem.safeParse(item);
    return parsed.success && belongsTo(parsed.data, vehicleId) ? [parsed.data] : [];
  });
  return {
    media: mapEventMedia(event, library),
    schema: "samsara.cameras.media",
    payload: { safetyEvent: raw, media },
  };
}

/** A library item of the event's vehicle (the library may also hold other vehicles' media when asked for several). */
function belongsTo(item: SamsaraMediaItem, vehicleId: string | undefined): boolean {
  return item.vehicleId === undefined || item.vehicleId === null || item.vehicleId === vehicleId;
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
    return facing !== undefined && nonBlank(media.url) === undefined && views[facing] === undefined;
  });
  if (pending)
    throw new ProviderError(
      "provisioning_pending",
      `Samsara is still uploading the camera media of event ${event.id}.`,
    );
  return views;
}
