/**
 * The fake Motive API's IFTA trips (providers-families.md 2.4 and the fidelity checklist of
 * section 5; providers.md 2.7), serving the canonical fleet's IFTA distances (../ifta.ts):
 * - `GET /v1/ifta/trips?start_date&end_date`: one `ifta_trip` per vehicle, day and jurisdiction
 *   it drove in, for the days of the range (inclusive) that have begun, each the whole day's
 *   distance there (the canonical day is known in advance, as utilization serves it too); in
 *   date, vehicle, then driving order, paged (`per_page`, `page_no`) and wrapped
 *   (`ifta_trips[].ifta_trip`); `vehicle_ids[]` and `jurisdictions` (Rails-style, or a comma
 *   list) filter it; the dates are required and a range over 3 months is a 400 (the real status
 *   was not captured);
 * - `distance` and the odometers are in each vehicle's own units (`vehicle.metric_units`: km,
 *   else miles), whatever `X-Metric-Units` says, sent unrounded as render.ts does; a row's
 *   odometers follow the vehicle's canonical odometer through the day's rows, end minus start
 *   being its distance;
 * - `start_lat`/`start_lon` and `end_lat`/`end_lon` are the day's first and last breadcrumbs in
 *   the jurisdiction (null for distance the border split put in one no breadcrumb lies in);
 * - distance outside every jurisdiction (at sea, in Mexico) has a null `jurisdiction`.
 * The canonical days are UTC days, so the trips' `time_zone` is `UTC` (a Rails zone name).
 */
import { jurisdictionAt } from "../../../src/jurisdictions/lookup.ts";
import { type CanonicalVehicle, type FleetOptions, vehiclesAt } from "../fleet.ts";
import { iftaOfVehicleDay } from "../ifta.ts";
import { odometerAtDayStart } from "../odometer.ts";
import { tripsOfDay } from "../series.ts";
import { KM_PER_MILE, motiveIds, vehicleIsMetric } from "./ids.ts";
import { vehicleReference } from "./render.ts";
import { type Context, DAY_MS, dateRange, dayStart, error, idsParam, type Json, nextDay, page } from "./respond.ts";

const MAX_RANGE_MONTHS = 3;

/** A jurisdiction code as a number: 1 to 676 from `AA` to `ZZ`, 0 for none. */
function codeNumber(code: string | null): number {
  if (code === null) return 0;
  return 1 + (code.charCodeAt(0) - 65) * 26 + (code.charCodeAt(1) - 65);
}

/** An IFTA trip's id: the vehicle's Motive id, the day and the jurisdiction (one trip per vehicle, day and jurisdiction). */
export const motiveIftaTripId = (vehicleId: string, date: string, jurisdiction: string | null) =>
  motiveIds.vehicle(vehicleId) * 100_000_000_000 + Number(date.replaceAll("-", "")) * 1000 + codeNumber(jurisdiction);

/** `GET /v1/ifta/trips`. */
export function iftaTrips(context: Context): Response {
  const { url } = context;
  const range = dateRange(url);
  if (range instanceof Response) return range;
  const limit = new Date(dayStart(range.from));
  limit.setUTCMonth(limit.getUTCMonth() + MAX_RANGE_MONTHS);
  if (dayStart(range.to) > limit.getTime()) return error(400, "Date range cannot be greater than 3 months");
  const fleet = context.account.fleet;
  const vehicleIds = idsParam(url, "vehicle_ids");
  const jurisdictions = codesParam(url, "jurisdictions");
  const vehicles = vehiclesAt(fleet).filter((vehicle) => !vehicleIds || vehicleIds.has(motiveIds.vehicle(vehicle.id)));
  const all: Json[] = [];
  for (let date = range.from; date <= range.to && dayStart(date) <= context.now; date = nextDay(date)) {
    for (const vehicle of vehicles) {
      for (const trip of renderIftaDay(fleet, vehicle, date)) {
        if (!jurisdictions || jurisdictions.has(trip.jurisdiction as string)) all.push(trip);
      }
    }
  }
  return page(url, "ifta_trips", "ifta_trip", all);
}

/** Codes of a list parameter (`name[]=TX&name[]=OK`, or `name=TX,OK`), upper-cased. */
function codesParam(url: URL, name: string): Set<string> | undefined {
  const values = [...url.searchParams.getAll(`${name}[]`), ...url.searchParams.getAll(name)]
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toUpperCase())
    .filter(Boolean);
  return values.length ? new Set(values) : undefined;
}

/** A vehicle-day's IFTA trips: one per jurisdiction it drove in, in the order it first drove there. */
export function renderIftaDay(fleet: FleetOptions, vehicle: CanonicalVehicle, date: string): Json[] {
  const day = dayStart(date) / DAY_MS;
  const metric = vehicleIsMetric(vehicle.id);
  const inUnits = (km: number) => (metric ? km : km / KM_PER_MILE);
  const ends = jurisdictionEnds(fleet, vehicle.id, day);
  let odometer = inUnits(odometerAtDayStart(fleet, vehicle.id, day));
  const trips: Json[] = [];
  for (const [jurisdiction, km] of iftaOfVehicleDay(fleet, vehicle.id, day)) {
    if (!(km > 0)) continue;
    const distance = inUnits(km);
    const at = ends.get(jurisdiction);
    trips.push({
      id: motiveIftaTripId(vehicle.id, date, jurisdiction),
      date,
      jurisdiction,
      vehicle: vehicleReference(vehicle, metric),
      start_odometer: odometer,
      end_odometer: odometer + distance,
      start_lat: at?.first.latitude ?? null,
      start_lon: at?.first.longitude ?? null,
      end_lat: at?.last.latitude ?? null,
      end_lon: at?.last.longitude ?? null,
      distance,
      time_zone: "UTC",
    });
    odometer += distance;
  }
  return trips;
}

type Position = { latitude: number; longitude: number };
type Ends = Map<string | null, { first: Position; last: Position }>;

/** The first and last breadcrumb of a vehicle-day in each jurisdiction. Remembered, as the day's distances are. */
function jurisdictionEnds(fleet: FleetOptions, vehicleId: string, day: number): Ends {
  const key = `${fleet.seed}|${fleet.vehicles}|${fleet.revision}|${vehicleId}|${day}`;
  let ends = endsMemo.get(key);
  if (!ends) {
    ends = new Map();
    for (const trip of tripsOfDay(fleet, vehicleId, day)) {
      for (const point of trip.points) {
        // Copies: the trips' breadcrumbs are not kept alive by this memo.
        const position = { latitude: point.latitude, longitude: point.longitude };
        const code = jurisdictionAt(position.latitude, position.longitude);
        const seen = ends.get(code);
        if (seen) seen.last = position;
        else ends.set(code, { first: position, last: position });
      }
    }
    if (endsMemo.size >= MAX_DAYS_REMEMBERED) endsMemo.delete(endsMemo.keys().next().value as string);
    endsMemo.set(key, ends);
  }
  return ends;
}
const endsMemo = new Map<string, Ends>();
/** Small per vehicle-day: two months of a 1,000-vehicle fleet, so a sync's reads compute each day once. */
const MAX_DAYS_REMEMBERED = 60_000;
