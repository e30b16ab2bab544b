import type { NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import { requireWindow, type TimeWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { nextAfter, PROVIDER } from "../client";
import { next, samsaraPages } from "../listing";
import { samsaraListEnvelope } from "../payloads";
import { samsaraTrip } from "../series-payloads";
import { readTime } from "../values";

/**
 * Trips that started in the window: `GET /trips/stream` by `tripStartTime`, completed ones only
 * (providers-families.md 1.2). A trip still under way has no end yet; the engine's windows
 * re-read the last day on every sync, so it is read once it ends. Trips of trailers and other
 * assets are left out. The stream is in Samsara's 5 requests/s tier (providers.md 1.3), paced
 * in a bucket of its own since the tier's limit is per endpoint.
 *
 * Samsara's trips carry no driver and no distance (the legacy `/v1/fleet/trips` has both, but
 * one vehicle per request, integer ids and no paging): a Samsara trip has neither.
 */
export const samsaraTrips: ProviderModel<"trips"> = {
  pace: "trips",
  read: samsaraPages("trips", "samsara.trips.stream", async (client, input) => {
    const window = requireWindow(PROVIDER, "trips", input.window);
    const body = await client.get(
      "/trips/stream",
      {
        startTime: window.start.toISOString(),
        endTime: window.end.toISOString(),
        queryBy: "tripStartTime",
        completionStatus: "completed",
        includeAsset: "true",
        after: input.cursor?.after,
      },
      samsaraListEnvelope,
    );
    const after = nextAfter(body.pagination);
    return {
      items: body.data.filter((trip) => isVehicleTripIn(trip, window)),
      ...next(after && { model: "trips", after }),
    };
  }),
  normalize: mapTrip,
};

/**
 * False only for a readable trip that is not one of this window's: another asset type's, one
 * still under way, or one that started outside the window. Anything unreadable is kept, for
 * `normalize` to refuse as malformed.
 */
export function isVehicleTripIn(payload: unknown, window: TimeWindow): boolean {
  const parsed = samsaraTrip.safeParse(payload);
  if (!parsed.success) return true;
  const trip = parsed.data;
  const type = nonBlank(trip.asset.type);
  const started = Date.parse(trip.tripStartTime);
  return (
    (type === undefined || type === "vehicle") &&
    nonBlank(trip.tripEndTime) !== undefined &&
    started >= window.start.getTime() &&
    started < window.end.getTime()
  );
}

/**
 * A completed trip. Samsara's trips have no id: a vehicle has one trip starting at a given time,
 * so the vehicle's id and the start time identify it.
 */
export function mapTrip(payload: unknown): NormalizedTrip {
  const trip = parsePayload(PROVIDER, samsaraTrip, payload, "trip");
  if (!trip.tripEndTime) {
    throw new ProviderError("malformed", `Samsara: the trip of ${trip.asset.id} at ${trip.tripStartTime} has no end.`);
  }
  const startedAt = readTime(trip.tripStartTime);
  const { startLocation: start, endLocation: end } = trip;
  return {
    sourceId: tripSourceId(trip.asset.id, startedAt),
    vehicleSourceId: trip.asset.id,
    ...(start ? { startLocation: { latitude: start.latitude, longitude: start.longitude } } : {}),
    ...(end ? { endLocation: { latitude: end.latitude, longitude: end.longitude } } : {}),
    startedAt,
    endedAt: readTime(trip.tripEndTime),
  };
}

/** The id of a vehicle's trip starting at an instant (ISO 8601 UTC, so one instant is one id). */
export const tripSourceId = (vehicleSourceId: string, startedAt: string) => `${vehicleSourceId}:${startedAt}`;
