import { z } from "@hono/zod-openapi";
import { VISIBILITIES } from "../../db/schema";
import { BooleanQuerySchema, boundQuerySchema, DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema } from "../../http/schemas/pagination";
import { ID_PREFIXES, ULID_PATTERN } from "../../lib/ids";

/**
 * Shapes shared by the families' wire schemas. A record inside an expanded field is the
 * `Expanded…` component of its family (`<family>/expanded.ts`): the same fields, but its own
 * references stay ids and it carries no `raw`, so expansions are one level deep.
 */

export const RawEntrySchema = z
  .object({
    provider: z.string().openapi({ description: "Provider code.", example: "sandbox" }),
    schema: z
      .string()
      .openapi({ description: "The provider endpoint or record type the payload came from.", example: "vehicles" }),
    extractedAt: DateTimeSchema.openapi({ description: "When the payload was read from the provider." }),
    // Any JSON value, but present: z.unknown() alone would make the key optional.
    data: z
      .union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string(), z.number(), z.boolean(), z.null()])
      .openapi({ description: "The provider's payload, untouched.", example: { id: "281474977" } }),
  })
  .openapi("RawEntry");

export const RawSchema = z
  .array(RawEntrySchema)
  .openapi({ description: "The raw provider payloads the record was normalized from; only with `raw=true`." });

export const RecordMetadataSchema = z
  .object({
    addedAt: DateTimeSchema.openapi({ description: "When the record was first synced." }),
    modifiedAt: DateTimeSchema.openapi({ description: "When the record's normalized content last changed." }),
    deletedAt: DateTimeSchema.optional().openapi({ description: "When the provider stopped returning the record." }),
    visibility: z.enum(VISIBILITIES).openapi({
      description:
        "`visible`, hidden by the connection's filters (`hidden_by_exclude_list`, `hidden_by_include_list`, `hidden_by_status`), or `deleted` at the provider.",
      example: "visible",
    }),
  })
  .openapi("RecordMetadata");

export const LocationSchema = z
  .object({
    latitude: z.number().openapi({ example: 38.5816 }),
    longitude: z.number().openapi({ example: -121.4944 }),
  })
  .openapi("Location", { description: "A position in WGS 84 degrees." });

/** The metadata of events (trips): when the record was first synced and when its content last changed. */
export const EntityMetadataSchema = z
  .object({
    addedAt: DateTimeSchema.openapi({ description: "When the record was first synced." }),
    modifiedAt: DateTimeSchema.openapi({ description: "When the record's normalized content last changed." }),
  })
  .openapi("EntityMetadata");

/** The metadata of time-series points (breadcrumbs, stat logs): when the point last changed. */
export const TimeSeriesMetadataSchema = z
  .object({ modifiedAt: DateTimeSchema.openapi({ description: "When the point was last written or corrected." }) })
  .openapi("TimeSeriesMetadata");

export const ProviderSchema = z.string().openapi({ description: "Provider code.", example: "sandbox" });
export const SourceIdSchema = z.string().openapi({ description: "Id in the source system.", example: "281474977" });
export const StatusSchema = z
  .enum(["active", "inactive"])
  .openapi({ description: "Status in the provider system.", example: "active" });

export const LicenseSchema = z
  .object({
    state: z.string().optional().openapi({ description: "Issuing state or province.", example: "CA" }),
    number: z.string().optional().openapi({ example: "8ABC123" }),
  })
  .openapi("License");

export const ModifiedAfterQuerySchema = boundQuerySchema(
  DateTimeSchema,
  "Only records modified at or after this time (inclusive).",
  "2026-01-06T03:24:53.000Z",
);
export const ModifiedBeforeQuerySchema = boundQuerySchema(
  DateTimeSchema,
  "Only records modified before this time (exclusive).",
  "2026-01-07T03:24:53.000Z",
);
export const RawQuerySchema = BooleanQuerySchema.openapi({
  description: "Include the raw provider payloads (`raw`). Default false.",
});
export const DeletedQuerySchema = BooleanQuerySchema.openapi({
  description: "Also list records deleted at the provider. Default false.",
});

/** The query of a family's list: the page, `expand`, `raw`, the modification window and `deleted`. */
export const listQuerySchema = <Expand extends z.ZodType>(expand: Expand) =>
  PaginationQuerySchema.extend({
    expand,
    raw: RawQuerySchema,
    modifiedAfter: ModifiedAfterQuerySchema,
    modifiedBefore: ModifiedBeforeQuerySchema,
    deleted: DeletedQuerySchema,
  });

/** The query of the list of a family the connection's filters apply to (contract 2.1): `hidden` adds what they hide. */
export const filteredListQuerySchema = <Expand extends z.ZodType>(records: string, expand: Expand) =>
  PaginationQuerySchema.extend({
    modifiedAfter: ModifiedAfterQuerySchema,
    modifiedBefore: ModifiedBeforeQuerySchema,
    raw: RawQuerySchema,
    hidden: BooleanQuerySchema.openapi({
      description: `Also list ${records} hidden by the connection's filters (\`metadata.visibility\` \`hidden_by_…\`).`,
    }),
    deleted: DeletedQuerySchema,
    expand,
  });

/** The path parameter of a family's get route: the id of one record. */
export const idParamsSchema = (kind: "vehicle" | "driver" | "group" | "device" | "trailer" | "safetyEvent") =>
  z.object({ id: idSchema(kind).openapi({ param: { name: "id", in: "path" } }) });

/** The most ids a comma-separated id filter takes (contract section 8). */
export const MAX_FILTER_IDS = 50;

/**
 * A comma-separated list of ids of one kind (spaces around commas allowed), at most 50, in
 * the contract's pattern. Parses to the distinct ids, sorted, so equal filters compare equal.
 */
export function idListQuerySchema(kind: "vehicle" | "driver") {
  const one = `${ID_PREFIXES[kind]}${ULID_PATTERN}`;
  const pattern = `^${one}(\\s*,\\s*${one})*$`;
  return z
    .string()
    .regex(new RegExp(pattern), { message: `Expected ${ID_PREFIXES[kind]} ids separated by commas` })
    .transform((value, context) => {
      const ids = value.split(/\s*,\s*/);
      if (ids.length > MAX_FILTER_IDS) {
        context.addIssue({
          code: "too_big",
          origin: "array",
          maximum: MAX_FILTER_IDS,
          inclusive: true,
          input: ids,
          message: `At most ${MAX_FILTER_IDS} ids, got ${ids.length}.`,
        });
        return z.NEVER;
      }
      return [...new Set(ids)].sort();
    })
    .optional()
    .openapi({
      type: "string",
      pattern,
      description: `Comma-separated \`${ID_PREFIXES[kind]}\` ids, at most ${MAX_FILTER_IDS}; spaces around commas are allowed.`,
      example: `${ID_PREFIXES[kind]}01HZX5G1Q4V2M8T6W9K3R7N0PB,${ID_PREFIXES[kind]}01HZX5G1Q4V2M8T6W9K3R7N0PC`,
    });
}

/** An `expand` parameter of one reference: `driver` or `vehicle` turned into its record. */
export const expandOneQuerySchema = <Name extends "driver" | "vehicle">(name: Name) =>
  z
    .enum([name])
    .optional()
    .openapi({ description: `Turns \`${name}\` into the ${name} object.`, example: name });
