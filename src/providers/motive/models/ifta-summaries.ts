import type { NormalizedIftaDistance } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE } from "../../kit/units";
import { requireWindow, windowDays } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MotiveClient, MotiveForbiddenError, PROVIDER } from "../client";
import { decodeMotiveCursor, encodeMotiveCursor } from "../cursor";
import { IFTA_SPAN_DAYS, IFTA_TRIPS, IFTA_TRIPS_PATH, iftaJurisdiction } from "../ifta-payloads";
import { missingPermissions, perPage } from "../listing";
import { motiveIftaTrip } from "../payloads";
import { round2 } from "../values";

/** Distances per jurisdiction, at the adapter's one conservative pace (providers.md 2.3). */
export const motiveIftaSummaries: ProviderModel<"iftaSummaries"> = {
  pace: "api",
  read: readIftaTrips,
  normalize: mapIftaTrip,
};

/**
 * The IFTA trips of the window's days, one payload per `ifta_trip`, Motive's own object
 * untouched. Motive matches `start_date`/`end_date` (inclusive) on each trip's `date`, so the
 * window's UTC days are asked for in spans of at most IFTA_SPAN_DAYS (the cursor names the
 * span's first day and the page), every vehicle's at once, page by page. A 403 (the key may not
 * read IFTA reports) is an issue and nothing is read: IFTA is an extra, like safety events.
 */
async function readIftaTrips(request: ReadRequest): Promise<ProviderPage> {
  const days = windowDays(requireWindow(PROVIDER, "iftaSummaries", request.window));
  const first = days[0];
  if (first === undefined) return { items: [], schema: IFTA_TRIPS_PATH };
  const cursor = request.cursor === undefined ? { day: first, page: 1 } : decodeMotiveCursor(request.cursor, true);
  const spanStart = days.indexOf(cursor.day ?? first);
  if (spanStart < 0 || spanStart % IFTA_SPAN_DAYS !== 0) {
    throw new ProviderError("malformed", `${PROVIDER}: the cursor's day does not start a span of the window.`);
  }
  const span = days.slice(spanStart, spanStart + IFTA_SPAN_DAYS);
  const client = MotiveClient.of(request.context, request.credentials);
  let answer: Awaited<ReturnType<MotiveClient["list"]>>;
  try {
    answer = await client.list(
      IFTA_TRIPS_PATH,
      IFTA_TRIPS,
      { start_date: span[0], end_date: span.at(-1) },
      { no: cursor.page, perPage: perPage(request.pageSize) },
    );
  } catch (error) {
    if (!(error instanceof MotiveForbiddenError)) throw error;
    return {
      items: [],
      schema: IFTA_TRIPS_PATH,
      issues: [missingPermissions(`${error.message} IFTA distances were not read.`)],
    };
  }
  const nextSpan = days[spanStart + IFTA_SPAN_DAYS];
  const next = answer.hasMore
    ? { day: span[0]!, page: cursor.page + 1 }
    : nextSpan !== undefined
      ? { day: nextSpan, page: 1 }
      : undefined;
  return {
    items: answer.items,
    schema: IFTA_TRIPS_PATH,
    ...(next ? { nextCursor: encodeMotiveCursor(next) } : {}),
  };
}

/**
 * An IFTA trip → a vehicle's distance in one jurisdiction on one day: the period is the trip's
 * `date` (Motive's day, in the trip's `time_zone`), the distance in km by the vehicle's own
 * `metric_units` (miles otherwise), no fuel (Motive reports none per jurisdiction). A vehicle's
 * several trips of a day in one jurisdiction stay separate rows, each under its own id; the
 * summary sums them.
 */
export function mapIftaTrip(payload: unknown): NormalizedIftaDistance {
  const trip = parsePayload(PROVIDER, motiveIftaTrip, payload, "IFTA trip");
  return {
    sourceId: String(trip.id),
    vehicleSourceId: String(trip.vehicle.id),
    period: trip.date,
    jurisdiction: iftaJurisdiction(trip.jurisdiction),
    distance: round2(trip.distance * (trip.vehicle.metric_units ? 1 : KM_PER_MILE)),
  };
}
