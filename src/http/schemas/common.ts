import { z } from "@hono/zod-openapi";
import { ID_PREFIXES, type IdKind, idPattern, ULID_PATTERN } from "../../lib/ids";

const EXAMPLE_ULID = "01HZX5G1Q4V2M8T6W9K3R7N0PB";

/** A prefixed ULID id of one resource kind, e.g. `conn_01HZ…`. */
export function idSchema(kind: IdKind) {
  return z
    .string()
    .regex(idPattern(kind), { message: `Expected an id like ${ID_PREFIXES[kind]}${EXAMPLE_ULID}` })
    .openapi({
      description: `Prefix \`${ID_PREFIXES[kind]}\` followed by a 26-character ULID.`,
      example: `${ID_PREFIXES[kind]}${EXAMPLE_ULID}`,
      pattern: `^${ID_PREFIXES[kind]}${ULID_PATTERN}$`,
    });
}

export const DateTimeSchema = z.iso
  .datetime({ offset: true })
  .openapi({ description: "ISO 8601 date-time.", example: "2026-01-06T03:24:53.000Z" });

/**
 * A calendar day (YYYY-MM-DD, from midnight UTC) or an ISO 8601 date-time: where the reference
 * declares a date, clients send either. Both parse with `new Date(value)` as UTC.
 */
export const DateOrDateTimeSchema = z
  .string()
  .max(40)
  .refine(
    (value) => z.iso.date().safeParse(value).success || z.iso.datetime({ offset: true }).safeParse(value).success,
    {
      message: "Expected a date (YYYY-MM-DD) or an ISO 8601 date-time",
    },
  )
  .openapi({ description: "A date (YYYY-MM-DD, from midnight UTC) or an ISO 8601 date-time.", example: "2026-01-06" });

/** An optional bound of a list's window (a date-time, or a day), documented by what it bounds. */
export const boundQuerySchema = <S extends z.ZodType>(schema: S, description: string, example: string) =>
  schema.optional().openapi({ description, example });

/** A boolean query parameter: `true` or `false`, default false. */
export const BooleanQuerySchema = z
  .enum(["true", "false"])
  .default("false")
  .transform((value) => value === "true")
  .openapi({ type: "boolean", example: true });

/** Optional string fields take at most this many characters: enough for any label, too little to abuse. */
export const MAX_TEXT = 500;
export const TextSchema = z.string().max(MAX_TEXT);
export const TagsSchema = z
  .array(z.string().min(1).max(100))
  .max(50)
  .openapi({ description: "Labels of the application's choosing.", example: ["fleet-a", "priority"] });

/** Days of history a backfill or sync request reaches back, at most ten years; a part of a day counts (1.5: 36 hours). */
export const HistoryDaysSchema = z.number().min(0).max(3650);
