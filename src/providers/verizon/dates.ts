import { ProviderError } from "../errors";
import { PROVIDER } from "./client";

/**
 * Verizon Connect dates (providers-more.md 1.2, 1.3): UTC, written `YYYY-MM-DDTHH:mm:ss` without
 * a zone designator nor milliseconds, in query parameters and in bodies alike.
 */

/** An instant as a Verizon query date: UTC, no `Z`, no milliseconds. */
export function verizonDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A Verizon date as epoch milliseconds. Its bodies' dates carry no zone but are UTC (`UpdateUTC`,
 * `StartDateUtc`), so a date without one is read as UTC, never as the reader's local time; one
 * with a zone (should a tenant send it) keeps its own. NaN when unreadable.
 */
export function verizonMs(value: string): number {
  const text = value.trim();
  return Date.parse(HAS_ZONE.test(text) ? text : `${text}Z`);
}

/** A Verizon date as ISO 8601 UTC with milliseconds (the contract's format); malformed when unreadable. */
export function verizonIso(value: string): string {
  const ms = verizonMs(value);
  if (Number.isNaN(ms)) throw new ProviderError("malformed", `${PROVIDER}: unreadable date \`${value.slice(0, 40)}\`.`);
  return new Date(ms).toISOString();
}
