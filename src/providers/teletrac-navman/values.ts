import { ProviderError } from "../errors";
import { round2 } from "../kit/units";
import { PROVIDER } from "./client";

export { coordinates } from "../kit/coordinates";

/** Small readers of TN360 values (already km/h and degrees: only rounding, ranges and time zones). */

/**
 * TN360's local-offset date-times (`2020-09-16T11:47:23.246+10:00`) as UTC ISO 8601. One without
 * an offset is refused: it would be read in no known zone.
 */
export function utcOf(value: string): string {
  const ms = /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
  if (Number.isNaN(ms)) throw new ProviderError("malformed", `${PROVIDER}: unreadable date ${value.slice(0, 40)}.`);
  return new Date(ms).toISOString();
}

export const isoOfMs = (ms: number) => new Date(ms).toISOString();

/** A speed (km/h), when present and not negative. */
export const speedOf = (value: number | null | undefined) =>
  value == null || !Number.isFinite(value) || value < 0 ? undefined : round2(value);

export const headingOf = (value: number | null | undefined) =>
  value == null || !Number.isFinite(value) || value < 0 || value > 360 ? undefined : round2(value);

/**
 * A list answer: a bare array, or the `{data, meta}` envelope some endpoints wrap it in
 * [OBS]; anything else is malformed.
 */
export function listOf(body: unknown, path: string): unknown[] {
  if (Array.isArray(body)) return body;
  const data = body && typeof body === "object" ? (body as { data?: unknown }).data : undefined;
  if (Array.isArray(data)) return data;
  throw new ProviderError("malformed", `${PROVIDER}: ${path} answered neither a list nor {data, meta}.`);
}
