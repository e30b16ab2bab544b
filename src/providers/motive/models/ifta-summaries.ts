import type { NormalizedIftaDistance } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE } from "../../kit/units";
import { requireWindow, windowDays } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { PROVIDER } from "../client";
import { readDateSpanPage } from "../date-span-pages";
import { IFTA_SPAN_DAYS, IFTA_TRIPS, IFTA_TRIPS_PATH, iftaJurisdiction } from "../ifta-payloads";
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
function readIftaTrips(request: ReadRequest): Promise<ProviderPage> {
  const days = windowDays(requireWindow(PROVIDER, "iftaSummaries", request.window));
  return readDateSpanPage(request, days, {
    path: IFTA_TRIPS_PATH,
    keys: IFTA_TRIPS,
    spanDays: IFTA_SPAN_DAYS,
    what: "IFTA distances",
  });
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
