import { LIMITS } from "../../../hos/limits";
import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { hash, SALT } from "../hash";
import { DAY_MS, HOUR_MS } from "../time";
import type { DayPlan } from "./day-plan";

/** One vehicle in this many has a driver whose logs break the 14-hour rule on some days. */
const ILLEGAL_ONE_IN = 20;
/** How far past the 14th hour the day's last trip ends. */
const OVERRUN_MS = 30 * 60_000;
/** A long day's loading block starts no earlier than this after midnight UTC: an early start, not a night shift. */
const EARLIEST_LOADING_MS = 4 * HOUR_MS;
/** The night an illegal driver cuts short: an hour under the 10 hours that start a new shift. */
const SHORT_REST_MS = 9 * HOUR_MS;

/**
 * Whether the vehicle's usual driver keeps illegal logs: a small, fixed share of the fleet, so
 * that compliance reports and the HOS endpoints have violations to show. Their trips are the
 * same as anyone's; only what they log around them differs (loadingStart).
 */
export function isDeliberatelyIllegal(fleet: SandboxFleet, vehicle: VehicleProfile): boolean {
  return hash(fleet.seed, SALT.dutyLog, vehicle.record.index) % ILLEGAL_ONE_IN === 0;
}

/** The end of the last working day's post-trip inspection, and which day that was. */
export type PreviousShift = { day: number; restFrom: number };

/**
 * When an illegal driver's day starts instead of with the pre-trip inspection: an on-duty
 * loading block up to the day's first segment, starting before `latestStart` (so it is longer
 * than an inspection), undefined on days it cannot break the rules. Two ways, the first that
 * fits: a long day, the block starting after a full rest but early enough that the 14-hour
 * window closes half an hour before the day's last trip ends; or, after a working day
 * yesterday, a short night, the block starting 9 hours after yesterday's post-trip, so no new
 * shift begins and the day's driving falls past yesterday's 14th hour. Either breaks the
 * 14-hour window (shift_limit), sometimes the 11 hours (drive_limit) or the cycle as well.
 */
export function loadingStart(
  plan: DayPlan,
  previous: PreviousShift | undefined,
  latestStart: number,
): number | undefined {
  const dayStart = plan.day * DAY_MS;
  const longDay = plan.trips.at(-1)!.end - LIMITS.shift - OVERRUN_MS;
  const rested = Math.max(dayStart + EARLIEST_LOADING_MS, (previous?.restFrom ?? 0) + LIMITS.reset);
  if (longDay >= rested && longDay < latestStart) return longDay;
  if (previous?.day !== plan.day - 1) return undefined;
  const shortNight = previous.restFrom + SHORT_REST_MS;
  return shortNight >= dayStart && shortNight < latestStart ? shortNight : undefined;
}
