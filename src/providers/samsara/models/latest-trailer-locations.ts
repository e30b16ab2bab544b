import type { NormalizedLatestTrailerLocation } from "../../../model/assets";
import { nonBlank, parsePayload } from "../../kit/parse";
import { round2OrUndefined } from "../../kit/units";
import type { ProviderModel } from "../../types";
import { samsaraTrailerSnapshot } from "../asset-payloads";
import { nextAfter, PROVIDER } from "../client";
import { next, samsaraPages } from "../listing";
import { samsaraListEnvelope } from "../payloads";
import { optional, readTime } from "../values";
import { mphToKmh } from "./vehicle-locations";

/**
 * Where the trailers are now: the trailer stats snapshot `GET /fleet/trailers/stats?types=gps`
 * (providers-families.md 1.7), page by page (no `limit`: Samsara sizes its pages). Trailers
 * without a position (no gateway, or none reported yet) are left out. The trailer stats are in
 * Samsara's 25 requests/s tier.
 */
export const samsaraLatestTrailerLocations: ProviderModel<"latestTrailerLocations"> = {
  pace: "trailerStats",
  read: samsaraPages("latestTrailerLocations", "samsara.fleet.trailers.stats", async (client, input) => {
    const body = await client.get(
      "/fleet/trailers/stats",
      { types: "gps", after: input.cursor?.after },
      samsaraListEnvelope,
    );
    const after = nextAfter(body.pagination);
    return { items: body.data.filter(hasPosition), ...next(after && { model: "latestTrailerLocations", after }) };
  }),
  normalize: mapTrailerSnapshot,
};

/** False only for a trailer object without a `gps` reading (anything unreadable is kept, to be refused). */
export function hasPosition(trailer: unknown): boolean {
  if (typeof trailer !== "object" || trailer === null) return true;
  const gps = (trailer as { gps?: unknown }).gps;
  return gps !== undefined && gps !== null;
}

/** A trailer's latest `gps` reading: mph → km/h, the reverse-geocoded address when Samsara has one. */
export function mapTrailerSnapshot(payload: unknown): NormalizedLatestTrailerLocation {
  const { id, gps } = parsePayload(PROVIDER, samsaraTrailerSnapshot, payload, "trailer stats");
  return {
    trailerSourceId: id,
    locatedAt: readTime(gps.time),
    location: { latitude: gps.latitude, longitude: gps.longitude },
    ...optional("address", nonBlank(gps.reverseGeo?.formattedLocation)),
    ...optional("heading", round2OrUndefined(gps.headingDegrees)),
    ...optional("speed", mphToKmh(gps.speedMilesPerHour)),
  };
}
