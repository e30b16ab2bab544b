import type { SyncModel } from "../../model/normalized";
import { ProviderError } from "../errors";

/** Time windows: windowed models (utilization, safety events) read the records of [start, end). */

export const DAY_MS = 86_400_000;

export type TimeWindow = { start: Date; end: Date };

/** The window of a windowed model's read; ProviderError("malformed") when the engine gave none. */
export function requireWindow(provider: string, model: SyncModel, window: TimeWindow | undefined): TimeWindow {
  if (!window) throw new ProviderError("malformed", `${provider}: ${model} are read by time window; none was given.`);
  return window;
}

/** The UTC days (YYYY-MM-DD) that intersect [start, end). */
export function windowDays(window: TimeWindow): string[] {
  const days: string[] = [];
  for (let day = Math.floor(window.start.getTime() / DAY_MS) * DAY_MS; day < window.end.getTime(); day += DAY_MS) {
    days.push(isoDay(day));
  }
  return days;
}

/** The UTC day (YYYY-MM-DD) of an instant. */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The start of a UTC day (YYYY-MM-DD), in epoch milliseconds. */
export const utcDayStart = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

/** A whole UTC day (YYYY-MM-DD) as ISO 8601 bounds: what a daily row without trip times covers. */
export function wholeUtcDay(date: string): { startAt: string; endAt: string } {
  const start = utcDayStart(date);
  return { startAt: new Date(start).toISOString(), endAt: new Date(start + DAY_MS).toISOString() };
}
