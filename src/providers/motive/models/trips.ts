import { z } from "@hono/zod-openapi";
import type { NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE } from "../../kit/units";
import { requireWindow, windowDays } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MOTIVE_METRIC_UNITS, PROVIDER } from "../client";
import { readDateSpanPage } from "../date-span-pages";
import { type MotiveDrivingPeriod, motiveDrivingPeriod } from "../series-payloads";
import { iso, round2 } from "../values";

/**
 * Trips. Motive has no trip entity (providers-families.md 2.2); of what it has, driving periods
 * (`GET /v1/driving_periods`) are what integrations read as trips: one record per contiguous
 * span a vehicle was driven, with its start and end times and places, odometers and driver,
 * fleet-wide and paged. IFTA trips are not trips: they are a vehicle's distance per day and
 * jurisdiction, without times of day. Read at the adapter's one conservative pace.
 */
export const motiveTrips: ProviderModel<"trips"> = { pace: "api", read: readTrips, normalize: mapTrip };

const SCHEMA = "/v1/driving_periods";
const PERIODS = { list: "driving_periods", item: "driving_period" };

/**
 * Days one request spans at most: Motive refuses driving-period ranges over 30 days (a 400,
 * observed in production); 30 days counted inclusively stay clear of it however it counts.
 */
export const DRIVING_PERIOD_SPAN_DAYS = 30;

/**
 * Driving periods that started in the window. Motive matches `start_date`/`end_date` (UTC days,
 * inclusive) on a period's start, so the window's days are asked in spans of at most
 * DRIVING_PERIOD_SPAN_DAYS (the cursor names the span's first day and the page), and only the
 * periods that started within the exact window are kept. A period still in progress has no end
 * yet: it is left for a later sync (an incremental sync reads again from the day before its last
 * coverage ended), as is one without a vehicle, which is no vehicle's trip.
 */
async function readTrips(request: ReadRequest): Promise<ProviderPage> {
  const window = requireWindow(PROVIDER, "trips", request.window);
  const page = await readDateSpanPage(request, windowDays(window), {
    path: SCHEMA,
    keys: PERIODS,
    spanDays: DRIVING_PERIOD_SPAN_DAYS,
    what: "Trips",
  });
  const [start, end] = [window.start.getTime(), window.end.getTime()];
  return { ...page, items: page.items.filter((item: unknown) => isFinishedTripOf(item, start, end)) };
}

const tripShape = z.object({
  start_time: z.string(),
  end_time: z.string().nullish(),
  vehicle: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * Whether a period is a finished trip that started in [start, end). One whose start cannot be
 * read is kept: normalize rejects it and the sync reports it.
 */
export function isFinishedTripOf(item: unknown, start: number, end: number): boolean {
  const parsed = tripShape.safeParse(item);
  if (!parsed.success) return true;
  const startedAt = Date.parse(parsed.data.start_time);
  if (Number.isNaN(startedAt)) return true;
  return startedAt >= start && startedAt < end && Boolean(parsed.data.end_time) && Boolean(parsed.data.vehicle);
}

/**
 * A driving period → a trip: its times, vehicle and driver, origin and destination coordinates,
 * and its distance in km: the difference of its odometers (km whatever the units header) when it
 * has both, else its `distance`: a number in the asked units, or a string with its unit.
 */
export function mapTrip(payload: unknown): NormalizedTrip {
  const period = parsePayload(PROVIDER, motiveDrivingPeriod, payload, "driving period");
  if (!period.end_time) {
    throw new ProviderError("malformed", `${PROVIDER}: driving period ${period.id} has not ended.`);
  }
  if (!period.vehicle) throw new ProviderError("malformed", `${PROVIDER}: driving period ${period.id} has no vehicle.`);
  const distance = distanceKm(period);
  return {
    sourceId: String(period.id),
    vehicleSourceId: String(period.vehicle.id),
    ...(period.driver ? { driverSourceId: String(period.driver.id) } : {}),
    ...(period.origin_lat != null && period.origin_lon != null
      ? { startLocation: { latitude: period.origin_lat, longitude: period.origin_lon } }
      : {}),
    ...(period.destination_lat != null && period.destination_lon != null
      ? { endLocation: { latitude: period.destination_lat, longitude: period.destination_lon } }
      : {}),
    ...(distance !== undefined ? { distance } : {}),
    startedAt: iso(period.start_time),
    endedAt: iso(period.end_time),
  };
}

const FORMATTED_DISTANCE = /^\s*(\d+(?:\.\d+)?)\s*(mi|km)\s*$/i;

function distanceKm(period: MotiveDrivingPeriod): number | undefined {
  const { start_kilometers: from, end_kilometers: to, distance } = period;
  if (from != null && to != null && to >= from) return round2(to - from);
  if (typeof distance === "number") {
    return distance < 0 ? undefined : round2(MOTIVE_METRIC_UNITS ? distance : distance * KM_PER_MILE);
  }
  const formatted = distance == null ? null : FORMATTED_DISTANCE.exec(distance);
  if (!formatted) return undefined;
  const value = Number(formatted[1]);
  return round2(formatted[2]!.toLowerCase() === "mi" ? value * KM_PER_MILE : value);
}
