/**
 * The fake Motive API's hours of service (providers-families.md 2.3 and the fidelity checklist of
 * section 5), serving the canonical fleet's logs (../hos.ts) as of the time of the request:
 * - `GET /v1/logs?start_date&end_date`: one `log` per logging driver and day of those days
 *   (inclusive) that has begun, in date then driver order, paged (`per_page`, `page_no`) and
 *   wrapped (`logs[].log`); `driver_ids[]` (Rails-style, or a comma list) filters it; a range over
 *   3 months is a 400 (the real status was not captured). Motive documents the dates as optional;
 *   what it answers without them is not, so the fake asks for them (400). `status` is ignored;
 * - a log's durations are seconds (today's so far, whole seconds), its `total_miles` in km or in
 *   miles as `X-Metric-Units` asks, echoed in its `metric_units` and its vehicles' (sent
 *   unrounded, as render.ts does, though Motive documents an integer);
 * - its `events` are the duty-status changes that overlap the day, each with its whole span: a
 *   status under way at midnight is in the logs of both days, under one id (as Motive's sample
 *   shows events ending after their log's day); one under way now has a null `end_time`. An
 *   event's `location` is a place name, as Motive's are; its `notes` the canonical remark.
 * The canonical days are UTC days, so the logs' `time_zone` is `UTC` (a Rails zone name).
 */
import type { DutyStatus } from "../../../src/hos/duty-status.ts";
import { driversAt, type FleetOptions, vehiclesAt } from "../fleet.ts";
import { type CanonicalDutyPeriod, dailyLogOf, dutyPeriodsBetween, loggingDriverIds, vehicleOfDriver } from "../hos.ts";
import { KM_PER_MILE, motiveIds } from "./ids.ts";
import { motiveTime, vehicleReference } from "./render.ts";
import { describePlace, userReference } from "./render-series.ts";
import { type Context, DAY_MS, dateRange, dayStart, error, idsParam, type Json, nextDay, page } from "./respond.ts";

const MAX_RANGE_MONTHS = 3;

/** Canonical duty statuses as Motive's event types (providers-families.md 4.3). */
export const MOTIVE_DUTY_TYPES: Readonly<Record<DutyStatus, string>> = {
  off_duty: "off_duty",
  sleeper_bed: "sleeper",
  driving: "driving",
  on_duty: "on_duty",
  yard_move: "yard_move",
  personal_conveyance: "personal_conveyance",
  waiting_time: "waiting",
};

/** The number N of a canonical `drv-N`. */
const indexOf = (driverId: string) => Number(driverId.slice(driverId.lastIndexOf("-") + 1));
const digits = (date: string) => Number(date.replaceAll("-", ""));

/** A log's id: the driver's number and the day (one log per driver and day). */
export const motiveLogId = (driverId: string, date: string) => indexOf(driverId) * 100_000_000 + digits(date);

/** An event's id: the driver's number, the day its period began and its place in that day (`hos-drv-N-YYYY-MM-DD-k`). */
export function motiveDutyEventId(periodId: string): number {
  const match = /^hos-drv-(\d+)-(\d{4}-\d{2}-\d{2})-(\d)$/.exec(periodId);
  if (!match) throw new Error(`not a canonical duty period id: ${periodId}`);
  const [, driver, date, k] = match;
  return Number(driver) * 10_000_000_000 + digits(date!) * 10 + Number(k);
}

const isoOf = (ms: number) => motiveTime(new Date(ms).toISOString());

/** `GET /v1/logs`. */
export function hosLogs(context: Context): Response {
  const range = dateRange(context.url);
  if (range instanceof Response) return range;
  const limit = new Date(dayStart(range.from));
  limit.setUTCMonth(limit.getUTCMonth() + MAX_RANGE_MONTHS);
  if (dayStart(range.to) > limit.getTime()) return error(400, "Date range cannot be greater than 3 months");
  const fleet = context.account.fleet;
  const filter = idsParam(context.url, "driver_ids");
  const drivers = new Map(driversAt(fleet).map((driver) => [driver.id, driver]));
  const vehicles = new Map(vehiclesAt(fleet).map((vehicle) => [vehicle.id, vehicle]));
  const logging = loggingDriverIds(fleet)
    .filter((id) => !filter || filter.has(motiveIds.user(id)))
    .sort((a, b) => motiveIds.user(a) - motiveIds.user(b));
  const all: Json[] = [];
  for (let date = range.from; date <= range.to && dayStart(date) <= context.now; date = nextDay(date)) {
    for (const driverId of logging) {
      const log = renderLog(fleet, { driverId, date, now: context.now, metric: context.metric });
      if (!log) continue;
      const vehicle = vehicles.get(vehicleOfDriver(driverId))!;
      all.push({
        ...log,
        carrier_name: context.account.name,
        driver: userReference(drivers.get(driverId)),
        vehicle_numbers: vehicle.name,
        vehicles: [{ vehicle: vehicleReference(vehicle, context.metric) }],
      });
    }
  }
  return page(context.url, "logs", "log", all);
}

/** A driver's log of a day as of `now`, without its driver and vehicles; none for a day not begun. */
function renderLog(
  fleet: FleetOptions,
  input: { driverId: string; date: string; now: number; metric: boolean },
): Json | undefined {
  const { driverId, date, now, metric } = input;
  const start = dayStart(date);
  const daily = dailyLogOf(fleet, driverId, start / DAY_MS, now);
  if (!daily) return undefined;
  const seconds = (...statuses: DutyStatus[]) =>
    Math.floor(statuses.reduce((sum, status) => sum + daily.durations[status], 0) / 1000);
  const events = dutyPeriodsBetween(fleet, driverId, start, start + DAY_MS, now);
  return {
    id: motiveLogId(driverId, date),
    date,
    total_miles: metric ? daily.drivingKm : daily.drivingKm / KM_PER_MILE,
    metric_units: metric,
    // Signed once the day is over, as a driver certifies a finished day.
    driver_signed_at: start + DAY_MS <= now ? isoOf(start + DAY_MS + 600_000) : null,
    driver_signature_url: null,
    time_zone: "UTC",
    cycle: "70_8",
    terminal_city: null,
    notes: null,
    exception_24_hour_restart: false,
    exception_8_hour_break: false,
    exception_wait_time: false,
    exception_short_haul: false,
    short_haul: false,
    eld_mode: "logs",
    co_driver_full_names: [],
    odometers: {},
    trailer_numbers: "",
    // Motive has no yard-move or personal-conveyance durations: they count as on and off duty.
    off_duty_duration: seconds("off_duty", "personal_conveyance"),
    on_duty_duration: seconds("on_duty", "yard_move"),
    sleeper_duration: seconds("sleeper_bed"),
    driving_duration: seconds("driving"),
    waiting_duration: seconds("waiting_time"),
    remarks: [],
    cycle_restarts: [],
    shipping_docs: null,
    form_and_manner_errors: [],
    hos_violations: [],
    events: events.map((period) => ({ event: renderEvent(period) })),
  };
}

function renderEvent(period: CanonicalDutyPeriod): Json {
  return {
    id: motiveDutyEventId(period.id),
    type: MOTIVE_DUTY_TYPES[period.status],
    notes: period.remark ?? null,
    location: describePlace(period.vehicleId, period.location.latitude, period.location.longitude),
    start_time: isoOf(period.startedAt),
    end_time: period.endedAt === undefined ? null : isoOf(period.endedAt),
  };
}
