// Imports name their files (.ts): the fake providers of the tests load this module in Node, unbundled.
import { type Clocks, HosClock, type RuleOptions, type Violation } from "./clock.ts";
import type { DutyStatus } from "./duty-status.ts";
import { type DutyInterval, splitFirstHalves } from "./split-rest.ts";

/** A duty status from `startedAt` (ms) until `endedAt`, or until the driver's next status when absent. */
export type DutyPeriod = { status: DutyStatus; startedAt: number; endedAt?: number };

export type AvailableTime = Clocks & { currentStatus?: DutyStatus };

/**
 * The US property-carrying clocks of a driver at `at`, computed from the driver's duty statuses
 * up to then: driving left before the 11-hour limit, the 14-hour window or the cycle stops the
 * driver (`drive`), the window's time left (`shift`), the cycle's (`cycle`), and driving left
 * before a 30-minute break is due (`break`), all in ms. Periods are taken in start order; a gap
 * (between two, or after the last one that ended) is off duty; time before the first is unknown
 * and taken as rested, so an exact cycle needs the periods of the cycle's days (and of the rest
 * that began them) before `at`.
 */
export function availableTime(periods: readonly DutyPeriod[], at: number, options: RuleOptions): AvailableTime {
  const clock = replay(periods, at, options);
  const status = clock.currentStatus;
  return { ...clock.clocksAt(at), ...(status === undefined ? {} : { currentStatus: status }) };
}

/** The limits the periods break up to `until`: each rule once until what it needs restores it (a rest, a break, a restart). */
export function violations(periods: readonly DutyPeriod[], until: number, options: RuleOptions): Violation[] {
  return replay(periods, until, options).violations;
}

/**
 * The periods as back-to-back intervals up to `until`: in start order, each cut at the next
 * one's start, gaps (and the time after a last period that ended) filled as off duty.
 */
export function dutyIntervals(periods: readonly DutyPeriod[], until: number): DutyInterval[] {
  const sorted = [...periods].sort((a, b) => a.startedAt - b.startedAt);
  const intervals: DutyInterval[] = [];
  let covered: number | null = null;
  for (const [index, period] of sorted.entries()) {
    if (period.startedAt >= until) break;
    const start = covered === null ? period.startedAt : Math.max(period.startedAt, covered);
    if (covered !== null && start > covered) intervals.push({ status: "off_duty", start: covered, end: start });
    const next = sorted[index + 1]?.startedAt ?? Number.POSITIVE_INFINITY;
    const end = Math.min(period.endedAt ?? next, next, until);
    if (end > start) {
      intervals.push({ status: period.status, start, end });
      covered = end;
    }
  }
  if (covered !== null && covered < until) intervals.push({ status: "off_duty", start: covered, end: until });
  return intervals;
}

function replay(periods: readonly DutyPeriod[], until: number, options: RuleOptions): HosClock {
  const intervals = dutyIntervals(periods, until);
  const clock = new HosClock(options, splitFirstHalves(intervals));
  for (const { status, start, end } of intervals) clock.advance(status, start, end);
  return clock;
}
