/**
 * The Geotab fake's IFTA data: `Get FuelTaxDetail` over the canonical fleet's trips (../series.ts),
 * as MyGeotab records them (providers-families.md §3.4, §5):
 * - each trip cut into details at the jurisdiction borders its breadcrumbs cross (found with the
 *   API's own splitter, src/jurisdictions/path-distance.ts, as ../ifta.ts does), each detail's km
 *   from the canonical IFTA (../ifta.ts `iftaOfVehicleDay`): a jurisdiction's day total is shared
 *   among its details in proportion to their length, so a day's details add up to it exactly;
 * - the odometers (`enterOdometer`, `exitOdometer`) in **km**, running on from the canonical
 *   odometer at the day's start (../odometer.ts), the GPS odometers (`enterGpsOdometer`,
 *   `exitGpsOdometer`) beside them a little short (0.5 %, as GPS measures); a vehicle without
 *   an engine odometer (one in four: veh-4, veh-8…) sends no odometers, only GPS ones, which
 *   then measure the canonical km exactly (`isClusterOdometer: false`);
 * - enter and exit times along the trip at its steady speed, positions along its straight leg,
 *   `device` and `driver` as references (the bare `"UnknownDriverId"` for a vehicle without a
 *   driver), ISO dates with milliseconds, a hex `version`, `isNegligible` under half a km,
 *   `tollRoad: null`, `authority: "None"`, `fuelTaxAttributes`;
 * - the search: `fromDate` rounded down and `toDate` up to the hour (both required here),
 *   `deviceSearch` by `id` or `groups` (a group and those under it; every device without it),
 *   `includeBoundaries` (the details overlapping the range whole when true; cut to it when false
 *   or absent, .NET's default, their odometers and positions interpolated at the cut,
 *   `isEnter/ExitOdometerInterpolated` set); `includeHourlyData`, `version` and `maxVersion` are
 *   not served (no hourly arrays); `get` cuts the rows to `resultsLimit`.
 * Details are as they stand now: none enters in the future, the one under way ends now. Rows
 * come in enter-time order, then by device. A simplification: MyGeotab's details tile a device's
 * time (the one a vehicle parks in runs on through the stop), the fake's cover its trips only.
 */
import { haversineKm } from "../../../src/jurisdictions/great-circle.ts";
import { jurisdictionAt } from "../../../src/jurisdictions/lookup.ts";
import { distanceByJurisdiction } from "../../../src/jurisdictions/path-distance.ts";
import type { FakeAccount } from "../accounts.ts";
import { type FleetOptions, GROUPS, vehiclesAt } from "../fleet.ts";
import { iftaOfVehicleDay } from "../ifta.ts";
import { odometerAtDayStart } from "../odometer.ts";
import { type CanonicalPoint, type CanonicalTrip, tripsOfDay } from "../series.ts";
import { COMPANY_GROUP, type Json, versionToken } from "./render.ts";
import { argumentError } from "./rpc.ts";
import { dateParam } from "./series-search.ts";

type Params = Record<string, any>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const UNKNOWN_DRIVER = "UnknownDriverId";
/** What the GPS odometer measures of the distance the engine's counts. */
const GPS_RATIO = 0.995;
/** Below this many km, a detail is negligible to Geotab's report. */
const NEGLIGIBLE_KM = 0.5;

type Position = { latitude: number; longitude: number };

/** A detail as the fake keeps it: its whole extent, before any search cuts it. */
export type CanonicalFuelTaxDetail = {
  id: string;
  vehicleId: string;
  driverId?: string;
  jurisdiction: string | null;
  enter: number;
  exit: number;
  /** The odometer (km) at enter and exit; its rise is the detail's km. */
  enterKm: number;
  exitKm: number;
  enterAt: Position;
  exitAt: Position;
};

const iso = (ms: number) => new Date(ms).toISOString();
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const vehicleIndex = (vehicleId: string) => Number(vehicleId.slice("veh-".length));
/** One vehicle in four has no engine odometer: its device measures by GPS only. */
export const hasClusterOdometer = (vehicleId: string) => vehicleIndex(vehicleId) % 4 !== 0;

/**
 * A vehicle-day's details, in time order: each trip's runs through one jurisdiction.
 * Remembered, like the canonical IFTA (pages, models, retries ask the same days again).
 */
export function fuelTaxDetailsOfDay(fleet: FleetOptions, vehicleId: string, day: number): CanonicalFuelTaxDetail[] {
  const key = `${fleet.seed}|${fleet.vehicles}|${fleet.revision}|${vehicleId}|${day}`;
  let details = detailMemo.get(key);
  if (!details) {
    details = computeDetails(fleet, vehicleId, day);
    if (detailMemo.size >= MAX_DAYS_REMEMBERED) detailMemo.delete(detailMemo.keys().next().value as string);
    detailMemo.set(key, details);
  }
  return details;
}
const detailMemo = new Map<string, CanonicalFuelTaxDetail[]>();
/** Small per vehicle-day: two months of a 1,000-vehicle fleet, so a sync's reads compute each day once. */
const MAX_DAYS_REMEMBERED = 60_000;

function computeDetails(fleet: FleetOptions, vehicleId: string, day: number): CanonicalFuelTaxDetail[] {
  const trips = tripsOfDay(fleet, vehicleId, day);
  const runsOfTrips = trips.map((trip) => runsOf(trip.points));
  const measured = new Map<string | null, number>();
  for (const run of runsOfTrips.flat()) measured.set(run.code, (measured.get(run.code) ?? 0) + run.km);
  const canonical = iftaOfVehicleDay(fleet, vehicleId, day);
  let odometer = odometerAtDayStart(fleet, vehicleId, day);
  const details: CanonicalFuelTaxDetail[] = [];
  trips.forEach((trip, tripIndex) => {
    const runs = runsOfTrips[tripIndex]!;
    const pathKm = runs.reduce((sum, run) => sum + run.km, 0);
    // The canonical km of a jurisdiction shared among its runs (the trip's own scale for one it lacks).
    const scale = (code: string | null) =>
      canonical.has(code) ? canonical.get(code)! / measured.get(code)! : trip.distanceKm / pathKm;
    let along = 0;
    runs.forEach((run, runIndex) => {
      const [from, to] = [along / pathKm, (along + run.km) / pathKm];
      along += run.km;
      const km = run.km * scale(run.code);
      details.push({
        id: `ftd-${trip.id.slice("trp-".length)}-${runIndex}`,
        vehicleId,
        ...(trip.driverId ? { driverId: trip.driverId } : {}),
        jurisdiction: run.code,
        enter: timeAlong(trip, from),
        exit: timeAlong(trip, to),
        enterKm: odometer,
        exitKm: odometer + km,
        enterAt: positionAlong(trip, from),
        exitAt: positionAlong(trip, to),
      });
      odometer += km;
    });
  });
  return details;
}

/**
 * A trip's path as runs through one jurisdiction (null: none), in order, in km between its
 * breadcrumbs: a step between two of them in different jurisdictions split where it crosses
 * (distanceByJurisdiction of the step, whose parts come in the order it meets them).
 */
function runsOf(points: readonly CanonicalPoint[]): { code: string | null; km: number }[] {
  const runs: { code: string | null; km: number }[] = [];
  const add = (code: string | null, km: number) => {
    const last = runs.at(-1);
    if (last && last.code === code) last.km += km;
    else runs.push({ code, km });
  };
  let previous = points[0]!;
  let previousCode = jurisdictionAt(previous.latitude, previous.longitude);
  if (points.length === 1) add(previousCode, 0);
  for (const point of points.slice(1)) {
    const code = jurisdictionAt(point.latitude, point.longitude);
    if (code === previousCode) add(code, haversineKm(previous, point));
    else for (const [part, km] of distanceByJurisdiction([previous, point])) add(part, km);
    previous = point;
    previousCode = code;
  }
  return runs.filter((run) => run.km > 0 || runs.length === 1);
}

/** When a trip (steady speed) is at a share of its path. */
const timeAlong = (trip: CanonicalTrip, share: number) =>
  Math.round(trip.startedAt + (trip.endedAt - trip.startedAt) * share);

/** Where a trip (a straight leg) is at a share of its path. */
const positionAlong = (trip: CanonicalTrip, share: number): Position => ({
  latitude: trip.start.latitude + (trip.end.latitude - trip.start.latitude) * share,
  longitude: trip.start.longitude + (trip.end.longitude - trip.start.longitude) * share,
});

/** km per jurisdiction of a vehicle-day's details up to `until` (the one under way as far as it has gone). */
export function iftaOfVehicleDayUntil(
  fleet: FleetOptions,
  vehicleId: string,
  day: number,
  until: number,
): Map<string | null, number> {
  const totals = new Map<string | null, number>();
  for (const detail of fuelTaxDetailsOfDay(fleet, vehicleId, day)) {
    if (detail.enter >= until) continue;
    const share = detail.exit <= until ? 1 : (until - detail.enter) / (detail.exit - detail.enter);
    totals.set(detail.jurisdiction, (totals.get(detail.jurisdiction) ?? 0) + (detail.exitKm - detail.enterKm) * share);
  }
  return totals;
}

/** `Get FuelTaxDetail` of an account's fleet. */
export function fuelTaxDetails(account: FakeAccount, search: Params): Json[] {
  const from = Math.floor(dateParam(search.fromDate, "fromDate") / HOUR_MS) * HOUR_MS;
  const to = Math.ceil(dateParam(search.toDate, "toDate") / HOUR_MS) * HOUR_MS;
  const now = Date.now();
  const until = Math.min(to, now);
  if (until <= from) return [];
  const whole = search.includeBoundaries === true;
  const rows: { enter: number; vehicleId: string; json: Json }[] = [];
  for (const vehicleId of devicesOf(account.fleet, search.deviceSearch)) {
    // Canonical trips stay within their UTC day.
    for (let day = Math.floor(from / DAY_MS); day * DAY_MS < until; day++) {
      for (const detail of fuelTaxDetailsOfDay(account.fleet, vehicleId, day)) {
        if (detail.enter >= until || detail.exit <= from) continue;
        const json = renderDetail(detail, whole ? { from: detail.enter, to: now } : { from, to: until });
        rows.push({ enter: Date.parse(String(json.enterTime)), vehicleId, json });
      }
    }
  }
  return rows
    .sort((a, b) => a.enter - b.enter || (a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0))
    .map((row) => row.json);
}

/** The fleet's vehicle ids a `deviceSearch` names: by `id`, or in `groups` (or under them); all without one. */
function devicesOf(fleet: FleetOptions, deviceSearch: Params | undefined): string[] {
  const vehicles = vehiclesAt(fleet);
  if (deviceSearch === undefined || deviceSearch === null) return vehicles.map((vehicle) => vehicle.id);
  if (deviceSearch.id !== undefined)
    return vehicles.filter((vehicle) => vehicle.id === deviceSearch.id).map((v) => v.id);
  if (Array.isArray(deviceSearch.groups)) {
    const wanted = new Set<string>(deviceSearch.groups.map((group: Params) => String(group?.id)));
    if (wanted.has(COMPANY_GROUP)) return vehicles.map((vehicle) => vehicle.id);
    // A group holds the devices of the groups under it.
    for (let grew = true; grew; ) {
      grew = false;
      for (const group of GROUPS) {
        if (group.parentId && wanted.has(group.parentId) && !wanted.has(group.id)) {
          wanted.add(group.id);
          grew = true;
        }
      }
    }
    return vehicles.filter((vehicle) => vehicle.groupIds.some((id) => wanted.has(id))).map((vehicle) => vehicle.id);
  }
  throw argumentError("search.deviceSearch must name an id or groups.");
}

/**
 * A detail as Geotab sends it, cut to [from, to] where it runs over them (its odometers and
 * position there interpolated: a detail is driven at one steady speed along a straight leg).
 */
function renderDetail(detail: CanonicalFuelTaxDetail, range: { from: number; to: number }): Json {
  const enter = Math.max(detail.enter, range.from);
  const exit = Math.min(detail.exit, range.to);
  const at = (time: number) => {
    const share = detail.exit === detail.enter ? 0 : (time - detail.enter) / (detail.exit - detail.enter);
    const between = (a: number, b: number) => a + (b - a) * share;
    return {
      km: between(detail.enterKm, detail.exitKm),
      latitude: between(detail.enterAt.latitude, detail.exitAt.latitude),
      longitude: between(detail.enterAt.longitude, detail.exitAt.longitude),
    };
  };
  const [start, end] = [at(enter), at(exit)];
  const cluster = hasClusterOdometer(detail.vehicleId);
  const gps = (km: number) => round(cluster ? km * GPS_RATIO : km, 6);
  return {
    id: detail.id,
    device: { id: detail.vehicleId },
    driver: detail.driverId ? { id: detail.driverId } : UNKNOWN_DRIVER,
    jurisdiction: detail.jurisdiction,
    enterTime: iso(enter),
    exitTime: iso(exit),
    ...(cluster ? { enterOdometer: round(start.km, 6), exitOdometer: round(end.km, 6) } : {}),
    enterGpsOdometer: gps(start.km),
    exitGpsOdometer: gps(end.km),
    enterLatitude: round(start.latitude, 5),
    enterLongitude: round(start.longitude, 5),
    exitLatitude: round(end.latitude, 5),
    exitLongitude: round(end.longitude, 5),
    isClusterOdometer: cluster,
    isEnterOdometerInterpolated: enter !== detail.enter,
    isExitOdometerInterpolated: exit !== detail.exit,
    isNegligible: end.km - start.km < NEGLIGIBLE_KM,
    tollRoad: null,
    authority: "None",
    fuelTaxAttributes: { roadType: "Public", updatesAvailable: false },
    version: versionToken(Math.floor(detail.exit / 1000)),
  };
}
