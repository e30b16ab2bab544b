import { type DutyStatus, isOnDuty } from "./duty-status.ts";
import { LIMITS } from "./limits.ts";

/** A stretch of rest (statuses not on duty, back to back) and its longest run in the sleeper berth. */
export type RestStretch = { start: number; end: number; longestSleeper: number };

/** One status over [start, end). */
export type DutyInterval = { status: DutyStatus; start: number; end: number };

/**
 * 395.1(g)(1)(ii)(A): two rests make a split rest when one is 7 hours or more in the sleeper
 * berth, the other at least 2 hours off duty, in the sleeper berth or both, and together at
 * least 10 hours (in either order).
 */
export function pairsAsSplit(first: RestStretch, second: RestStretch): boolean {
  const firstLength = first.end - first.start;
  const secondLength = second.end - second.start;
  if (firstLength < LIMITS.splitOther || secondLength < LIMITS.splitOther) return false;
  if (firstLength + secondLength < LIMITS.reset) return false;
  return first.longestSleeper >= LIMITS.splitSleeper || second.longestSleeper >= LIMITS.splitSleeper;
}

/**
 * The starts of the rests that turn out to be the first half of a split rest: each rest of 2 hours
 * or more (but under 10, which is a new shift of its own) that pairs with the next such rest.
 * Neither half counts in the 14-hour window (395.1(g)(1)(ii)(C)), which only the second half tells.
 */
export function splitFirstHalves(intervals: readonly DutyInterval[]): Set<number> {
  const candidates = restStretches(intervals).filter((rest) => rest.end - rest.start >= LIMITS.splitOther);
  const firsts = new Set<number>();
  for (let index = 0; index + 1 < candidates.length; index++) {
    const first = candidates[index]!;
    if (first.end - first.start < LIMITS.reset && pairsAsSplit(first, candidates[index + 1]!)) firsts.add(first.start);
  }
  return firsts;
}

function restStretches(intervals: readonly DutyInterval[]): RestStretch[] {
  const stretches: RestStretch[] = [];
  let current: RestStretch | null = null;
  let sleeperSince: number | null = null;
  for (const { status, start, end } of intervals) {
    if (isOnDuty(status)) {
      current = null;
      continue;
    }
    if (!current || current.end !== start) {
      current = { start, end, longestSleeper: 0 };
      stretches.push(current);
      sleeperSince = null;
    }
    current.end = end;
    if (status === "sleeper_bed") {
      sleeperSince ??= start;
      current.longestSleeper = Math.max(current.longestSleeper, end - sleeperSince);
    } else {
      sleeperSince = null;
    }
  }
  return stretches;
}
