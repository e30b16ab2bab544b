/**
 * The fake Motive API's drivers' clocks (providers-families.md 2.3 and the fidelity checklist of
 * section 5), `GET /v1/available_time`: one `user` per logging driver of the canonical fleet, in
 * user id order, paged (`per_page`, `page_no`) and wrapped (`users[].user`), with the clocks at
 * the time of the request (../hos.ts `clocksOf`) in whole seconds left (floored: a second not
 * wholly left is not left). `driver_ids[]` (Rails-style, or a comma list) filters it; an id that
 * is not a number is a 400 (the real status was not captured).
 *
 * The canonical fleet works every day and never takes a 34-hour restart: the recap is the rolling
 * cycle's 8 UTC days (on duty counting driving, as the cycle does) and `last_cycle_reset` is null.
 */
import type { CanonicalDriver, FleetOptions } from "../fleet.ts";
import { driversAt } from "../fleet.ts";
import { clocksOf, dailyLogOf, dutyPeriodsBetween, loggingDriverIds } from "../hos.ts";
import { MOTIVE_DUTY_TYPES } from "./hos.ts";
import { motiveIds } from "./ids.ts";
import { motiveTime } from "./render.ts";
import { type Context, DAY_MS, error, idsParam, type Json, page } from "./respond.ts";

/** The 70-hour cycle's days: ../hos.ts computes the clocks under it. */
const CYCLE_DAYS = 8;

const seconds = (ms: number) => Math.floor(ms / 1000);

/** `GET /v1/available_time`. */
export function availableTime(context: Context): Response {
  const { account, url, now } = context;
  const asked = [...url.searchParams.getAll("driver_ids[]"), ...url.searchParams.getAll("driver_ids")];
  if (asked.flatMap((value) => value.split(",")).some((id) => !/^\d+$/.test(id.trim()))) {
    return error(400, "driver_ids must be user ids");
  }
  const filter = idsParam(url, "driver_ids");
  const drivers = new Map(driversAt(account.fleet).map((driver) => [driver.id, driver]));
  const all = loggingDriverIds(account.fleet)
    .filter((id) => !filter || filter.has(motiveIds.user(id)))
    .sort((a, b) => motiveIds.user(a) - motiveIds.user(b))
    .map((id) => renderAvailableTime(account.fleet, drivers.get(id)!, now));
  return page(url, "users", "user", all);
}

function renderAvailableTime(fleet: FleetOptions, driver: CanonicalDriver, now: number): Json {
  const { currentStatus, ...clocks } = clocksOf(fleet, driver.id, now);
  const current = dutyPeriodsBetween(fleet, driver.id, now - 1, now, now).at(-1);
  const firstDay = Math.floor(now / DAY_MS) - (CYCLE_DAYS - 1);
  const days = Array.from({ length: CYCLE_DAYS }, (_, k) => dailyLogOf(fleet, driver.id, firstDay + k, now)).filter(
    (day) => day !== undefined,
  );
  const id = motiveIds.user(driver.id);
  return {
    id,
    first_name: driver.firstName,
    last_name: driver.lastName,
    driver_company_id: `D-${id}`,
    duty_status: currentStatus ? MOTIVE_DUTY_TYPES[currentStatus] : null,
    available_time: {
      drive: seconds(clocks.drive),
      shift: seconds(clocks.shift),
      cycle: seconds(clocks.cycle),
      break: seconds(clocks.break),
    },
    recap: {
      on_duty_duration: days.map(({ date, durations }) => ({
        date,
        duration: seconds(durations.driving + durations.on_duty + durations.yard_move),
      })),
      driving_duration: days.map(({ date, durations }) => ({ date, duration: seconds(durations.driving) })),
    },
    last_hos_status: current
      ? { status: MOTIVE_DUTY_TYPES[current.status], time: motiveTime(new Date(current.startedAt).toISOString()) }
      : null,
    last_cycle_reset: null,
  };
}
