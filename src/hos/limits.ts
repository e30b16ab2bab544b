/** The US property-carrying hours-of-service limits (49 CFR 395.3 and 395.1(g)), in ms. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY_MS = 24 * HOUR;

export const LIMITS = {
  /** 395.3(a)(3)(i): at most 11 hours of driving after 10 consecutive hours off duty. */
  drive: 11 * HOUR,
  /** 395.3(a)(2): no driving after the 14th hour since coming on duty after those 10 hours. */
  shift: 14 * HOUR,
  /** 395.3(a)(3)(ii): no driving once 8 hours have been driven without a 30-minute interruption. */
  breakDue: 8 * HOUR,
  /** 395.3(a)(3)(ii): the interruption, in any status but driving. */
  breakLength: 30 * MINUTE,
  /** 395.3(a)(1): consecutive rest (off duty, sleeper berth, or both) that starts a new shift. */
  reset: 10 * HOUR,
  /** 395.3(c): consecutive rest that restarts the 60/70-hour cycle. */
  restart: 34 * HOUR,
  /** 395.1(g)(1)(ii): of a split rest, the period spent in the sleeper berth... */
  splitSleeper: 7 * HOUR,
  /** ...and the other, at least this long (off duty, sleeper berth or both); together at least `reset`. */
  splitOther: 2 * HOUR,
} as const;

/** 395.3(b): 60 hours on duty in 7 consecutive days, or 70 in 8, as the carrier operates. */
export const CYCLES = {
  "60_7": { limit: 60 * HOUR, days: 7 },
  "70_8": { limit: 70 * HOUR, days: 8 },
} as const;
export type CycleRule = keyof typeof CYCLES;
export const CYCLE_RULES = Object.keys(CYCLES) as CycleRule[];
