import { DAY_MS } from "../kit/windows";

/**
 * GPS Insight speaks account-local wall-clock time without a zone (`fix_time: "8/14/15 7:27:10 AM"`,
 * `trip_start: "May  8 2015 08:44:47"`) and takes its date parameters the same way
 * (`date=M/D/YYYY`, `start=M/D/YYYY HH:MM:SS`). Points also carry `fix_time_gmt`, which the
 * adapter uses; where only local times exist (trips) or must be sent (date windows), the
 * account's UTC offset is learnt from a point that has both (offsetOf). Wall-clock instants here
 * are epoch milliseconds read as if the local time were UTC.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A local wall-clock time as GPS Insight writes it, as epoch ms read as UTC; NaN when unreadable. */
export function parseWallClock(text: string): number {
  const value = text.trim().replace(/\s+/g, " ");
  // "May 8 2015 08:44:47" (trips; the day may be padded with a second space).
  const named = /^([A-Za-z]{3})[a-z]* (\d{1,2}),? (\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]M)?$/i.exec(value);
  if (named) {
    const month = MONTHS.indexOf(named[1]!.toLowerCase());
    if (month < 0) return Number.NaN;
    return wallClock(Number(named[3]), month, Number(named[2]), named[4]!, named[5]!, named[6], named[7]);
  }
  // "8/14/15 7:27:10 AM" or "7/15/15 07:18:08" (points), "8/1/2015 13:00:00".
  const numeric =
    /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))? ?([AP]M)?(?: [A-Z]{2,5})?$/i.exec(value);
  if (!numeric) return Number.NaN;
  const year = numeric[3]!.length === 2 ? 2000 + Number(numeric[3]) : Number(numeric[3]);
  return wallClock(year, Number(numeric[1]) - 1, Number(numeric[2]), numeric[4]!, numeric[5]!, numeric[6], numeric[7]);
}

function wallClock(
  year: number,
  month: number,
  day: number,
  hours: string,
  minutes: string,
  seconds: string | undefined,
  meridiem: string | undefined,
): number {
  let hour = Number(hours);
  if (meridiem) {
    if (hour < 1 || hour > 12) return Number.NaN;
    hour = (hour % 12) + (meridiem.toUpperCase() === "PM" ? 12 : 0);
  }
  if (month > 11 || day < 1 || day > 31 || hour > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) {
    return Number.NaN;
  }
  return Date.UTC(year, month, day, hour, Number(minutes), Number(seconds ?? 0));
}

/**
 * The account's UTC offset in minutes (local = UTC + offset) from a point's local `fix_time`
 * and its `fix_time_gmt`, rounded to the quarter hour (zones are); undefined when unreadable.
 */
export function offsetOf(point: { fix_time?: string | null; fix_time_gmt: string }): number | undefined {
  if (!point.fix_time) return undefined;
  const local = parseWallClock(point.fix_time);
  const utc = Date.parse(point.fix_time_gmt);
  if (Number.isNaN(local) || Number.isNaN(utc)) return undefined;
  const minutes = Math.round((local - utc) / 900_000) * 15;
  return Math.abs(minutes) <= 14 * 60 ? minutes : undefined;
}

/** The UTC instant of a local wall-clock time at the offset. */
export const utcOf = (wallClockMs: number, offsetMinutes: number) => wallClockMs - offsetMinutes * 60_000;

/** The local wall-clock time of a UTC instant at the offset. */
export const wallClockOf = (utcMs: number, offsetMinutes: number) => utcMs + offsetMinutes * 60_000;

/** `M/D/YYYY` of a wall-clock day (epoch ms of any instant in it). */
export function formatDate(wallClockMs: number): string {
  const date = new Date(wallClockMs);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** `M/D/YYYY HH:MM:SS` of a wall-clock instant. */
export function formatDateTime(wallClockMs: number): string {
  const date = new Date(wallClockMs);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${formatDate(wallClockMs)} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

/** The wall-clock day (days since the epoch) of a wall-clock instant. */
export const dayOf = (wallClockMs: number) => Math.floor(wallClockMs / DAY_MS);
