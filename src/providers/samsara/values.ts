import type { z } from "@hono/zod-openapi";
import { round2 } from "../../lib/units";
import { ProviderError } from "../errors";

/** Small readers of Samsara values shared by the mappers: validation, blanks, times, rounding. */

export function parse<T>(schema: z.ZodType<T>, payload: unknown, what: string): T {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
  throw new ProviderError("malformed", `Samsara: invalid ${what} payload (${problems}).`);
}

/** A text field's value, or undefined when absent, null or blank (Samsara sends "" for unset fields). */
export function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** An RFC 3339 time (or legacy unix milliseconds) as ISO 8601 UTC; undefined when absent or unreadable. */
export function isoTime(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const ms = typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** `year` is a string ("2021"); a value that is not a plausible model year is left out. */
export function modelYear(value: string | number | null | undefined): number | undefined {
  const year = typeof value === "number" ? value : /^\s*\d{4}\s*$/.test(value ?? "") ? Number(value) : Number.NaN;
  return Number.isInteger(year) && year >= 1900 && year <= 2100 ? year : undefined;
}

export const unique = (values: string[]) => [...new Set(values)];

export const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

export function round2OrUndefined(value: number | null | undefined): number | undefined {
  return value === null || value === undefined ? undefined : round2(value);
}

export { round2 };
