import type { NormalizedLatestTrailerLocation } from "../../../model/assets";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { geotabTrailerLocation } from "../asset-payloads";
import { type GeotabClient, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import { geotabClient } from "../login";
import { compare, limitOf, MAX_RESULTS, unreadableIssue } from "../paging";
import { currentAttachments, currentAttachmentsCall } from "../trailer-attachments";
import { isBeforeMinDate } from "../values";
import { headingOf } from "./latest-vehicle-locations";

/**
 * A trailer has no position of its own in Geotab (one with its own tracker is a Device): it is
 * where the tractor it is hitched to is, the DeviceStatusInfo of its current attachment's
 * device. A parked trailer (no current attachment) has no known location and is left out. In
 * MyGeotab's one pace for calls (providers.md 3.3).
 */
export const geotabLatestTrailerLocations: ProviderModel<"latestTrailerLocations"> = {
  pace: "calls",
  read: (request) => readTrailerLocations(geotabClient(request), request),
  normalize: mapTrailerLocation,
};

/**
 * The current TrailerAttachments and the fleet's DeviceStatusInfo in one ExecuteMultiCall, then
 * id-ordered slices of the hitched trailers (the cursor holds the last trailer done), each with
 * its tractor's live state. Left out too: a tractor that has never reported (MinDate), and one
 * whose last report is older than the hitch (its position then is not the trailer's).
 */
async function readTrailerLocations(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const after = decodeCursor(request.cursor, "latestTrailerLocations", "after")?.id;
  const now = Date.now();
  const [attachments = [], infos = []] = await client.getEach([
    currentAttachmentsCall(now),
    { typeName: "DeviceStatusInfo", search: { excludeExceptionEvents: true }, resultsLimit: MAX_RESULTS },
  ]);
  const current = currentAttachments(attachments, now);
  const infoOf = new Map<string, { info: unknown; dateTime: number }>();
  for (const info of infos) {
    const { device, dateTime } = (info ?? {}) as { device?: { id?: unknown }; dateTime?: unknown };
    if (typeof device?.id !== "string" || typeof dateTime !== "string" || isBeforeMinDate(dateTime)) continue;
    infoOf.set(device.id, { info, dateTime: Date.parse(dateTime) });
  }
  const located = [...current.byTrailer]
    .flatMap(([trailerId, { sent, attachment }]) => {
      const tractor = infoOf.get(attachment.device.id);
      if (tractor === undefined || tractor.dateTime < Date.parse(attachment.activeFrom)) return [];
      return [{ trailerId, item: { trailerAttachment: sent, deviceStatusInfo: tractor.info } }];
    })
    .sort((a, b) => compare(a.trailerId, b.trailerId))
    .filter(({ trailerId }) => after === undefined || compare(trailerId, after) > 0);
  const page = located.slice(0, limitOf(request.pageSize));
  const last = page.at(-1);
  return {
    items: page.map(({ item }) => item),
    schema: "geotab.TrailerAttachment+DeviceStatusInfo",
    ...(located.length > page.length && last !== undefined
      ? { nextCursor: encodeCursor("latestTrailerLocations", { k: "after", id: last.trailerId }) }
      : {}),
    ...(current.unreadable > 0 && after === undefined
      ? { issues: [unreadableIssue(current.unreadable, "TrailerAttachment")] }
      : {}),
  };
}

/** A trailer's attachment and its tractor's DeviceStatusInfo: the tractor's position, bearing and km/h. */
export function mapTrailerLocation(payload: unknown): NormalizedLatestTrailerLocation {
  const { trailerAttachment, deviceStatusInfo: info } = parsePayload(
    PROVIDER,
    geotabTrailerLocation,
    payload,
    "TrailerAttachment+DeviceStatusInfo",
  );
  if (info.device.id !== trailerAttachment.device.id) {
    throw new ProviderError("malformed", "Geotab: a trailer's location is not its tractor's.");
  }
  const heading = headingOf(info.bearing);
  const speed = info.speed !== undefined && info.speed >= 0 ? round2(info.speed) : undefined;
  return {
    trailerSourceId: trailerAttachment.trailer.id,
    locatedAt: new Date(info.dateTime).toISOString(),
    location: { latitude: info.latitude, longitude: info.longitude },
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
  };
}
