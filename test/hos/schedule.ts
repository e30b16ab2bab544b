import type { DutyStatus } from "../../src/hos/duty-status";
import type { DutyPeriod } from "../../src/hos/rules";

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** A status and how many hours it lasts. */
export type Step = readonly [DutyStatus, number];

/** Back-to-back duty periods from `start` (ISO), each `[status, hours]`; the last one's end is returned too. */
export function schedule(start: string, steps: readonly Step[]): { periods: DutyPeriod[]; end: number } {
  let at = Date.parse(start);
  const periods: DutyPeriod[] = [];
  for (const [status, hours] of steps) {
    const endedAt = at + Math.round(hours * HOUR);
    periods.push({ status, startedAt: at, endedAt });
    at = endedAt;
  }
  return { periods, end: at };
}
