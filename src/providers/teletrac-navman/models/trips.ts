import type { NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { DAY_MS, requireWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { PROVIDER, Tn360Client } from "../client";
import { BUCKETS } from "../pace";
import { type Tn360Event, tn360Event, tripItem } from "../payloads";
import { coordinates, isoOfMs, listOf } from "../values";
import { walkWindow } from "../walk";

const PATH = "/v1/events";
const SCHEMA = "/v1/events?types=ignition";
/** TN360 answers at most 7 days of events a request [DOC]. */
export const MAX_EVENTS_SPAN_MS = 7 * DAY_MS;
/** How long after a span a trip that started in it may end and still be read with it. */
export const TRIP_END_LOOKAHEAD_MS = DAY_MS;
/** The spans trips are read by: with the lookahead, each request stays within the 7 days. */
export const TRIP_SPAN_MS = MAX_EVENTS_SPAN_MS - TRIP_END_LOOKAHEAD_MS;

/**
 * Trips, derived from ignition events (TN360 has no trip listing the reference documents):
 * `GET /v1/events?types=ignition&from&to`, the whole fleet's events of a span of at most 6 days
 * plus a day to find the ends (7 days, TN360's limit), one request per span (walk.ts). An `ON`
 * and an `OFF` of one `tripId` make a trip, kept in the span it started in once it has ended (one
 * still running, or longer than the lookahead, is not read). An item is the pair of events as
 * TN360 sent them.
 */
export const tn360Trips: ProviderModel<"trips"> = { pace: BUCKETS.api, read: readTrips, normalize: mapTrip };

async function readTrips(request: ReadRequest): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, "trips", request.window);
  const client = Tn360Client.of(request.context, request.credentials);
  return walkWindow({
    window,
    spanMs: TRIP_SPAN_MS,
    keys: ["*"],
    cursor: request.cursor,
    pageSize: request.pageSize,
    schema: SCHEMA,
    read: async ({ from, to }) => {
      const query = { types: "ignition", from: isoOfMs(from), to: isoOfMs(to + TRIP_END_LOOKAHEAD_MS) };
      return pairTrips(listOf(await client.get(BUCKETS.api, PATH, query), PATH), from, to);
    },
  });
}

/** The trips of ignition events: each `tripId`'s first `ON` in [from, to) with its first `OFF` after it. */
export function pairTrips(events: unknown[], from: number, to: number): unknown[] {
  const ons = new Map<string, { event: unknown; at: number }>();
  const offs = new Map<string, { event: unknown; at: number }[]>();
  for (const event of events) {
    const parsed = tn360Event.safeParse(event);
    // An event without a trip cannot be paired; one TN360 sent malformed is not a trip either.
    if (!parsed.success || !parsed.data.tripId || parsed.data.type !== "ignition") continue;
    const { tripId, action, timeAt: at } = parsed.data;
    if (action === "ON" && at >= from && at < to && !ons.has(tripId)) ons.set(tripId, { event, at });
    if (action === "OFF") offs.set(tripId, [...(offs.get(tripId) ?? []), { event, at }]);
  }
  return [...ons].flatMap(([tripId, on]) => {
    const off = (offs.get(tripId) ?? []).filter((candidate) => candidate.at >= on.at).sort((a, b) => a.at - b.at)[0];
    return off ? [{ tripId, on: on.event, off: off.event }] : [];
  });
}

const eventOf = (payload: unknown, what: string): Tn360Event => parsePayload(PROVIDER, tn360Event, payload, what);

/**
 * A trip: `tripId`, the vehicle, start and end (`timeAt`, epoch ms) and positions (`GPS`) of its
 * ignition events. No distance: the events' `odometer` unit is not documented.
 */
export function mapTrip(payload: unknown): NormalizedTrip {
  const item = parsePayload(PROVIDER, tripItem, payload, "trip");
  const on = eventOf(item.on, "ignition-on event");
  const off = eventOf(item.off, "ignition-off event");
  if (on.action !== "ON" || off.action !== "OFF" || on.vehicleId !== off.vehicleId || off.timeAt < on.timeAt) {
    throw new ProviderError("malformed", `${PROVIDER}: trip ${item.tripId} is not an ignition ON and OFF in order.`);
  }
  const start = coordinates(on.GPS?.Lat, on.GPS?.Lng);
  const end = coordinates(off.GPS?.Lat, off.GPS?.Lng);
  return {
    sourceId: item.tripId,
    vehicleSourceId: on.vehicleId,
    ...(start ? { startLocation: start } : {}),
    ...(end ? { endLocation: end } : {}),
    startedAt: isoOfMs(on.timeAt),
    endedAt: isoOfMs(off.timeAt),
  };
}
