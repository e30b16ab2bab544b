import type { Location } from "../../model/normalized";
import { ProviderError } from "../errors";
import { nonBlank } from "../kit/parse";

/** Webfleet coordinates are integer micro-degrees. */
export function fromMicroDegrees(latitude: number, longitude: number): Location {
  return { latitude: latitude / 1e6, longitude: longitude / 1e6 };
}

/** A position when both coordinates are there and not the 0/0 of "no fix". */
export function locationOf(latitude: number | null | undefined, longitude: number | null | undefined) {
  if (latitude == null || longitude == null || (latitude === 0 && longitude === 0)) return undefined;
  return fromMicroDegrees(latitude, longitude);
}

/** An ISO 8601 time of a row (UTC with `useISO8601=true`) as the contract's ISO UTC. */
export function isoOf(value: string | null | undefined, what: string): string {
  const ms = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new ProviderError("malformed", `Webfleet: ${what} is not an ISO 8601 time.`);
  return new Date(ms).toISOString();
}

/** The `ud` (user-defined) date range of report actions, ISO 8601 since `useISO8601=true`. */
export function rangeParams(window: { start: Date; end: Date }): Record<string, string> {
  return {
    range_pattern: "ud",
    rangefrom_string: window.start.toISOString(),
    rangeto_string: window.end.toISOString(),
  };
}

/** A text field, trimmed, or undefined when blank. */
export const textOf = (value: string | null | undefined) => nonBlank(value ?? undefined);
