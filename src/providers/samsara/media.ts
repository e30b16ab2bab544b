import { ProviderError } from "../errors";
import type { CameraMediaPage, ReadRequest } from "../types";
import { nextAfter, SamsaraClient, samsaraCredentials } from "./client";
import {
  type SamsaraMediaItem,
  samsaraListEnvelope,
  samsaraMediaEnvelope,
  samsaraMediaItem,
  samsaraSafetyEvent,
} from "./payloads";
import { mapEventMedia } from "./safety";
import { isoTime, parse } from "./values";

/** Pages of the media library read for one event at most (an event has a handful of media). */
const MAX_MEDIA_PAGES = 5;
/** The media library answers windows of at most 24 hours. */
const MAX_MEDIA_WINDOW_MS = 86_400_000;

/**
 * Fresh camera media of one safety event (Samsara's signed URLs expire after 8 hours, so they
 * are read live, never stored): the event by id (`GET /safety-events?safetyEventIds=`) for its
 * vehicle, time and cameras, then the media library (`GET /cameras/media`) of that vehicle over
 * the event's time, for the stills and videos it holds.
 */
export async function readSamsaraCameraMedia(
  request: Omit<ReadRequest, "cursor" | "window">,
  eventSourceId: string,
): Promise<CameraMediaPage> {
  const client = new SamsaraClient(samsaraCredentials(request.credentials), request.context);
  const events = await client.get(
    "/safety-events",
    { safetyEventIds: eventSourceId, includeAsset: "true" },
    samsaraListEnvelope,
  );
  const raw = events.data.find((item) => (item as { id?: unknown } | null)?.id === eventSourceId);
  if (raw === undefined) throw new ProviderError("malformed", `Samsara has no safety event ${eventSourceId}.`);
  const event = parse(samsaraSafetyEvent, raw, "safety event");
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
