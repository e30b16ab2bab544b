/**
 * The Geotab fake's hours of service: `Get DutyStatusLog` over the canonical fleet's duty periods
 * (../hos.ts), as MyGeotab records them (providers-families.md §3.3):
 * - one log per change of duty status, dated at its start, with no end (a status lasts until
 *   the driver's next one); statuses as codes (OFF, SB, D, ON, PC, YM, WT); `driver` and
 *   `device` as references; ISO dates with milliseconds; a hex `version`;
 * - logs of other kinds beside them, as a real log holds: an intermediate log (INT_D) every hour
 *   of driving, Login before the day's pre-trip and Logoff after its post-trip, and an edit a
 *   fleet manager requested (state `Requested`: the stop as off duty) that the driver never
 *   accepted; each day's logs certified (`verifyDateTime`, a higher version: edited in place)
 *   when the driver logs in the next day;
 * - the vehicles whose driver is not in the fleet drive unassigned: their trips are D and OFF
 *   logs of the bare system id `"UnknownDriverId"` (origin Unassigned);
 * - the search: `fromDate` and `toDate` (both required here, both inclusive), `userSearch.id`,
 *   `deviceSearch.id`, `statuses`, `includeBoundaryLogs` (adds each driver's last Active log
 *   before `fromDate` among the statuses asked for), `includeLocations` (`location` as
 *   AddressLookupData: `{location: {x: longitude, y: latitude}}`) and `includeCompliance`
 *   (`odometer` in meters, `engineHours` in seconds); `get` cuts the rows to `resultsLimit`.
 * Rows come in date order, then by driver. Logs are as they stand now: none starts in the future.
 */
import type { DutyStatus } from "../../../src/hos/duty-status.ts";
import type { FakeAccount } from "../accounts.ts";
import { type FleetOptions, vehiclesAt } from "../fleet.ts";
import {
  type CanonicalDutyPeriod,
  dutyPeriodsOfDay,
  INSPECTION_MS,
  loggingDriverIds,
  vehicleOfDriver,
} from "../hos.ts";
import { odometerAtDayStart } from "../odometer.ts";
import { tripsOfDay } from "../series.ts";
import { type Json, versionToken } from "./render.ts";
import { dateParam } from "./series-search.ts";

type Params = Record<string, any>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const EPOCH_DAY = Date.parse("2025-01-01T00:00:00Z") / DAY_MS;
/** Days before `fromDate` whose logs are made up to find each driver's boundary log (every driver logs every day). */
const BOUNDARY_LOOKBACK_DAYS = 2;
const UNKNOWN_DRIVER = "UnknownDriverId";

/** Canonical statuses → Geotab's codes, and their ELD event (type, code: 49 CFR 395 appendix, table 6). */
const CODE_OF: Record<DutyStatus, { status: string; eventType: number; eventCode: number }> = {
  off_duty: { status: "OFF", eventType: 1, eventCode: 1 },
  sleeper_bed: { status: "SB", eventType: 1, eventCode: 2 },
  driving: { status: "D", eventType: 1, eventCode: 3 },
  on_duty: { status: "ON", eventType: 1, eventCode: 4 },
  personal_conveyance: { status: "PC", eventType: 3, eventCode: 1 },
  yard_move: { status: "YM", eventType: 3, eventCode: 2 },
  waiting_time: { status: "WT", eventType: 1, eventCode: 4 },
};

const iso = (ms: number) => new Date(ms).toISOString();

/** A log made up: when it is dated, whose it is, whether it counts (Active), and its JSON. */
type Row = { time: number; driver: string; active: boolean; json: Json };

type Extras = { locations: boolean; compliance: boolean };

/** `Get DutyStatusLog` of an account's fleet. */
export function dutyStatusLogs(account: FakeAccount, search: Params): Json[] {
  const from = dateParam(search.fromDate, "fromDate");
  const to = dateParam(search.toDate, "toDate");
  if (to < from) return [];
  const now = Date.now();
  const fleet = account.fleet;
  const wantedDriver = search.userSearch?.id as string | undefined;
  const wantedDevice = search.deviceSearch?.id as string | undefined;
  const statuses = Array.isArray(search.statuses) ? new Set(search.statuses.map(String)) : undefined;
  const extras = { locations: search.includeLocations === true, compliance: search.includeCompliance === true };
  const firstDay = Math.floor(from / DAY_MS) - BOUNDARY_LOOKBACK_DAYS;
  const lastDay = Math.floor(Math.min(to, now) / DAY_MS);
  const asked = (row: Row) => statuses === undefined || statuses.has(String(row.json.status));

  const rows: Row[] = [];
  const drivers = loggingDriverIds(fleet).filter(
    (id) =>
      (wantedDriver === undefined || id === wantedDriver) &&
      (wantedDevice === undefined || vehicleOfDriver(id) === wantedDevice),
  );
  for (const driverId of drivers) {
    const own: Row[] = [];
    for (let day = firstDay; day <= lastDay; day++) own.push(...driverDay(fleet, driverId, day, now, extras));
    const kept = own.filter(asked).sort((a, b) => a.time - b.time);
    rows.push(...kept.filter((row) => row.time >= from && row.time <= to));
    if (search.includeBoundaryLogs === true) {
      const boundary = kept.findLast((row) => row.time < from && row.active);
      if (boundary) rows.push(boundary);
    }
  }
  // Unassigned driving is no driver's: a search by user never finds it (and it has no boundary log here).
  if (wantedDriver === undefined) {
    for (const vehicleId of unassignedVehicles(fleet).filter(
      (id) => wantedDevice === undefined || id === wantedDevice,
    )) {
      for (let day = firstDay; day <= lastDay; day++) {
        rows.push(
          ...unassignedDay(fleet, vehicleId, day, now, extras).filter(
            (row) => asked(row) && row.time >= from && row.time <= to,
          ),
        );
      }
    }
  }
  return rows
    .sort((a, b) => a.time - b.time || (a.driver < b.driver ? -1 : a.driver > b.driver ? 1 : 0))
    .map((row) => row.json);
}

/** A driver's logs of a day's periods (those begun by `now`), and the intermediate logs, events and edit among them. */
function driverDay(fleet: FleetOptions, driverId: string, day: number, now: number, extras: Extras): Row[] {
  const periods = dutyPeriodsOfDay(fleet, driverId, day, now);
  if (periods.length === 0) return [];
  const vehicleId = vehicleOfDriver(driverId);
  // The driver certifies the day's logs when logging in the next day, just before its pre-trip.
  const nextLogin = tripsOfDay(fleet, vehicleId, day + 1)[0]!.startedAt - INSPECTION_MS - 2 * 60_000;
  const certifiedAt = nextLogin <= now ? nextLogin : undefined;
  const log = (fields: LogFields) => renderLog(fleet, { ...fields, driver: driverId, vehicleId, certifiedAt }, extras);
  const rows: Row[] = [];
  const loginAt = periods[0]!.startedAt - 2 * 60_000;
  rows.push(log({ id: `${periods[0]!.id}-login`, time: loginAt, status: "Login", eventType: 5, eventCode: 1 }));
  periods.forEach((period, index) => {
    rows.push(log({ ...CODE_OF[period.status], id: period.id, time: period.startedAt, period }));
    if (period.status === "driving") {
      for (let at = period.startedAt + HOUR_MS; at < (period.endedAt ?? now); at += HOUR_MS) {
        const id = `${period.id}-int-${(at - period.startedAt) / HOUR_MS}`;
        rows.push(log({ id, time: at, status: "INT_D", eventType: 2, eventCode: 1 }));
      }
    }
    // The stop between the trips (the third period): a manager proposed it as off duty; never accepted.
    if (index === 2 && period.endedAt !== undefined) {
      const at = Math.floor((period.startedAt + period.endedAt) / 2);
      const edit = { ...CODE_OF.off_duty, id: `${period.id}-edit`, time: at, state: "Requested", origin: "OtherUser" };
      rows.push(log(edit));
    }
    if (period.status === "off_duty") {
      rows.push(
        log({
          id: `${period.id}-logoff`,
          time: period.startedAt + 60_000,
          status: "Logoff",
          eventType: 5,
          eventCode: 2,
        }),
      );
    }
  });
  return rows.filter((row) => row.time < now);
}

/** The fleet's vehicles whose driver (same index) is not in it: they drive with no driver logged in. */
function unassignedVehicles(fleet: FleetOptions): string[] {
  const logged = new Set(loggingDriverIds(fleet).map(vehicleOfDriver));
  return vehiclesAt(fleet)
    .map((vehicle) => vehicle.id)
    .filter((id) => !logged.has(id));
}

/** Unassigned driving: each trip of the day a D log of `"UnknownDriverId"`, and an OFF log when it stops. */
function unassignedDay(fleet: FleetOptions, vehicleId: string, day: number, now: number, extras: Extras): Row[] {
  return tripsOfDay(fleet, vehicleId, day)
    .flatMap((trip) => {
      const base = { driver: UNKNOWN_DRIVER, vehicleId, origin: "Unassigned", certifiedAt: undefined };
      return [
        renderLog(fleet, { ...base, ...CODE_OF.driving, id: `${trip.id}-unassigned-d`, time: trip.startedAt }, extras),
        renderLog(fleet, { ...base, ...CODE_OF.off_duty, id: `${trip.id}-unassigned-off`, time: trip.endedAt }, extras),
      ];
    })
    .filter((row) => row.time < now);
}

type LogFields = {
  id: string;
  time: number;
  status: string;
  eventType: number;
  eventCode: number;
  state?: string;
  origin?: string;
  /** The canonical period a duty-status log begins (its location and remark). */
  period?: CanonicalDutyPeriod;
};

function renderLog(
  fleet: FleetOptions,
  fields: LogFields & { driver: string; vehicleId: string; certifiedAt: number | undefined },
  extras: Extras,
): Row {
  const { id, time, status, eventType, eventCode, period, driver, vehicleId, certifiedAt } = fields;
  const state = fields.state ?? "Active";
  const certified = certifiedAt !== undefined && state === "Active";
  const where = period?.location ?? positionAt(fleet, vehicleId, time);
  const json: Json = {
    id,
    version: versionToken(Math.floor(time / 1000) * 2 + (certified ? 1 : 0)),
    dateTime: iso(time),
    driver: driver === UNKNOWN_DRIVER ? UNKNOWN_DRIVER : { id: driver },
    device: { id: vehicleId },
    coDrivers: [],
    status,
    state,
    origin: fields.origin ?? (status === "D" || status.startsWith("INT_") ? "Automatic" : "Manual"),
    eventType,
    eventCode,
    eventRecordStatus: state === "Active" ? 1 : 3,
    sequence: versionToken(Math.floor(time / 1000) % 65_536),
    isIgnored: false,
    isHidden: false,
    isTransitioning: false,
    malfunction: "None",
    deferralStatus: "None",
    deferralMinutes: 0,
    annotations: period?.remark
      ? [{ id: `${id}-note`, comment: period.remark, dateTime: iso(time), driver: { id: driver } }]
      : [],
    ...(certified ? { verifyDateTime: iso(certifiedAt) } : {}),
    ...(extras.locations ? { location: { location: { x: where.longitude, y: where.latitude } } } : {}),
    ...(extras.compliance ? compliance(fleet, vehicleId, time) : {}),
  };
  return { time, driver, active: state === "Active", json };
}

/** Where the vehicle is at `time`: on a trip, between its ends (a leg runs straight at one speed); else where it last stopped. */
function positionAt(fleet: FleetOptions, vehicleId: string, time: number): { latitude: number; longitude: number } {
  const trips = tripsOfDay(fleet, vehicleId, Math.floor(time / DAY_MS));
  const trip = trips.findLast((candidate) => candidate.startedAt <= time) ?? trips[0]!;
  const share = Math.min(1, Math.max(0, (time - trip.startedAt) / (trip.endedAt - trip.startedAt)));
  return {
    latitude: trip.start.latitude + (trip.end.latitude - trip.start.latitude) * share,
    longitude: trip.start.longitude + (trip.end.longitude - trip.start.longitude) * share,
  };
}

/** The odometer (meters) and engine hours (seconds) at `time`: the day's start, plus what its trips drove by then. */
function compliance(fleet: FleetOptions, vehicleId: string, time: number): { odometer: number; engineHours: number } {
  const day = Math.floor(time / DAY_MS);
  let km = odometerAtDayStart(fleet, vehicleId, day);
  let drivenMs = 0;
  for (const trip of tripsOfDay(fleet, vehicleId, day)) {
    const share = Math.min(1, Math.max(0, (time - trip.startedAt) / (trip.endedAt - trip.startedAt)));
    km += trip.distanceKm * share;
    drivenMs += (trip.endedAt - trip.startedAt) * share;
  }
  const runtimeAtDayStartMs = (day - EPOCH_DAY) * 6 * HOUR_MS;
  return { odometer: Math.round(km * 1000), engineHours: Math.round((runtimeAtDayStartMs + drivenMs) / 1000) };
}
