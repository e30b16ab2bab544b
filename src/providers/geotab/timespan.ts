/**
 * .NET TimeSpan strings, the form in which MyGeotab sends every duration (Trip
 * `drivingDuration`, `idlingDuration`, ExceptionEvent `duration`…): `[-][d.]hh:mm:ss[.fffffff]`,
 * the "c" format. The day part appears only from 24 hours up (`1.02:03:04`), the fraction
 * only when there is one (up to 7 digits: ticks of 100 ns, `00:00:00.3000000`).
 */
const TIMESPAN = /^(-)?(?:(\d+)\.)?(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/;

const TICKS_PER_MS = 10_000;

/**
 * The duration in milliseconds (fractional when the string has sub-millisecond ticks), or
 * undefined when the string is not a TimeSpan. Negative spans parse as negative numbers;
 * callers that need a duration reject them.
 */
export function parseTimeSpan(value: string): number | undefined {
  const match = TIMESPAN.exec(value);
  if (!match) return undefined;
  const [, sign, days = "0", hours, minutes, seconds, fraction = ""] = match;
  const [h, m, s] = [Number(hours), Number(minutes), Number(seconds)];
  // The "c" format carries hours 0–23 once a day part is present, and minutes and seconds 0–59 always.
  if (h > 23 || m > 59 || s > 59) return undefined;
  const wholeSeconds = ((Number(days) * 24 + h) * 60 + m) * 60 + s;
  const ticks = wholeSeconds * 10_000_000 + Number(fraction.padEnd(7, "0"));
  if (!Number.isSafeInteger(ticks)) return undefined;
  const ms = ticks / TICKS_PER_MS;
  return sign ? -ms : ms;
}

/** Whether a string is a non-negative TimeSpan (a duration). */
export function isDuration(value: string): boolean {
  const ms = parseTimeSpan(value);
  return ms !== undefined && ms >= 0;
}
