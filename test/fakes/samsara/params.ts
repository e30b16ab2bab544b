/** Query parameters as the fake Samsara reads them, refusing bad ones with a 400 as Samsara does. */
import { BadRequest } from "./paging.ts";

/** An RFC 3339 time parameter, in ms; a 400 when it is missing or not a time. */
export function timeOf(url: URL, name: string): number {
  const value = url.searchParams.get(name);
  if (value === null) throw new BadRequest(`${name} is missing from query string`);
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) throw new BadRequest(`${name} must be an RFC 3339 time`);
  return ms;
}

/** A comma-separated list parameter (absent: undefined). */
export function listOf(url: URL, name: string): string[] | undefined {
  const value = url.searchParams.get(name);
  return value === null ? undefined : value.split(",").filter(Boolean);
}

/** `limit`, at most `max` (its default when absent); a 400 when it is not a whole number in 1..max. */
export function limitOf(url: URL, max: number): number {
  const raw = url.searchParams.get("limit");
  if (raw === null) return max;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new BadRequest(`limit must be an integer between 1 and ${max}`);
  }
  return limit;
}

/** The date part of an RFC 3339 parameter (Samsara ignores the rest of it but the time zone). */
export function dateOf(url: URL, name: string): string {
  const value = url.searchParams.get(name);
  if (value === null) throw new BadRequest(`${name} is missing from query string`);
  const match = /^(\d{4}-\d{2}-\d{2})(T|$)/.exec(value);
  if (!match || Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value))) {
    throw new BadRequest(`${name} must be an RFC 3339 date`);
  }
  return match[1]!;
}
