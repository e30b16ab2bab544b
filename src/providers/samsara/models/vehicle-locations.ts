import type { NormalizedLocationBatch, NormalizedLocationPoint } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import { KM_PER_MILE, round2, round2OrUndefined } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readStatsHistory } from "../history";
import { next, samsaraPages } from "../listing";
import { type SamsaraGpsPoint, samsaraVehicleGpsHistory } from "../series-payloads";
import { optional, readTime } from "../values";

/**
 * Breadcrumbs: the `gps` history of the window (`GET /fleet/vehicles/stats/history?types=gps`,
 * providers-families.md 1.1), a vehicle's points of a page in one payload. Samsara steers
 * continuous syncs to its `/feed` because the history may miss data that arrives late; the
 * engine's windows re-read the last day on every sync, which catches what came in since. The
 * stats endpoints have no endpoint limit of their own: the token's pace (providers.md 1.3).
 */
export const samsaraVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: "token",
  read: samsaraPages("vehicleLocations", "samsara.fleet.vehicles.stats.history.gps", async (client, input) => {
    const window = requireWindow(PROVIDER, "vehicleLocations", input.window);
    const page = await readStatsHistory(client, window, ["gps"], input.cursor?.after);
    return { items: page.items, ...next(page.after && { model: "vehicleLocations", after: page.after }) };
  }),
  normalize: mapGpsHistory,
};

/**
 * A vehicle's `gps` readings → its breadcrumbs, each with its own reading as `raw` (the reading
 * as Samsara sent it, not as validated: validation drops the fields it does not read).
 */
export function mapGpsHistory(payload: unknown): NormalizedLocationBatch {
  const vehicle = parsePayload(PROVIDER, samsaraVehicleGpsHistory, payload, "gps history");
  const sent = (payload as { gps: unknown[] }).gps;
  return { vehicleSourceId: vehicle.id, points: vehicle.gps.map((point, index) => gpsPoint(point, sent[index])) };
}

/** One `gps` reading: mph → km/h, the reverse-geocoded address. */
export function gpsPoint(point: SamsaraGpsPoint, raw: unknown): NormalizedLocationPoint {
  return {
    locatedAt: readTime(point.time),
    location: { latitude: point.latitude, longitude: point.longitude },
    ...optional("heading", round2OrUndefined(point.headingDegrees)),
    ...optional("speed", mphToKmh(point.speedMilesPerHour)),
    ...optional("address", nonBlank(point.reverseGeo?.formattedLocation)),
    raw,
  };
}

export function mphToKmh(mph: number | null | undefined): number | undefined {
  return mph === null || mph === undefined ? undefined : round2(mph * KM_PER_MILE);
}
