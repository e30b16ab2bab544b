/** Time helpers: the sandbox works in epoch milliseconds and UTC day numbers (days since 1970-01-01). */

import { isoTime } from "../../lib/iso-time";
import { DAY_MS } from "../kit/windows";

export const SECOND_MS = 1000;
export const HOUR_MS = 3_600_000;
export { DAY_MS };

/** ISO 8601 with milliseconds, as providers and the wire format write date-times. */
export function iso(ms: number): string {
  return isoTime(ms);
}

/** Truncated to whole seconds: provider timestamps carry no milliseconds. */
export function wholeSeconds(ms: number): number {
  return Math.floor(ms / SECOND_MS) * SECOND_MS;
}

/** The UTC day number containing an instant. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** YYYY-MM-DD of a day number. */
export function dayString(day: number): string {
  return iso(day * DAY_MS).slice(0, 10);
}

/** The day number of a YYYYMMDD string, or undefined when it is not a real date. */
export function parseCompactDay(text: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayString(dayOf(ms)).replaceAll("-", "") === text ? dayOf(ms) : undefined;
}

/** 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}
