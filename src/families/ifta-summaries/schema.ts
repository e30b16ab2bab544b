import { z } from "@hono/zod-openapi";
import { idSchema } from "../../http/schemas/common";
import { CursorQuerySchema } from "../../http/schemas/pagination";
import { expandOneQuerySchema, ProviderSchema, RawQuerySchema, RawSchema } from "../kit/schemas";
import { ExpandedVehicleSchema } from "../vehicles/expanded";

/** Groups in a page of a summary: a fixed size, since the contract gives the route no `limit`. */
export const IFTA_PAGE_SIZE = 1000;
/** Groups in a page with `raw=true`, whose groups each carry up to RAW_PER_GROUP payloads. */
export const IFTA_RAW_PAGE_SIZE = 100;
/** The most raw payloads one group carries. */
export const RAW_PER_GROUP = 100;
/** The longest range of months one summary covers: five years. */
export const MAX_IFTA_MONTHS = 60;

/** How a summary groups the distances, as `groupBy` names it: the group's keys, in its order. */
export const IFTA_GROUPINGS = [
  "jurisdiction",
  "vehicle",
  "vehicle,jurisdiction",
  "vehicle,jurisdiction,month",
] as const;
export type IftaGroupBy = (typeof IFTA_GROUPINGS)[number];

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const IftaSummarySchema = z
  .object({
    provider: ProviderSchema,
    vehicle: z
      .union([idSchema("vehicle"), ExpandedVehicleSchema])
      .optional()
      .openapi({
        description:
          "The vehicle's id; the vehicle object with `expand=vehicle`. Absent when the summary is grouped by jurisdiction only.",
      }),
    jurisdiction: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .optional()
      .openapi({
        description:
          "The US state, district or territory, or Canadian province or territory, by its two-letter postal code; null for distance driven outside every one (or where the provider did not say). Absent when the summary is grouped by vehicle only.",
        example: "TX",
      }),
    month: z.string().regex(MONTH_PATTERN).optional().openapi({
      description: "The month (`YYYY-MM`, UTC); only with `groupBy=vehicle,jurisdiction,month`.",
      example: "2026-01",
    }),
    distance: z.number().openapi({
      description: "Kilometres driven in the group: the sum of the provider's daily or monthly distances.",
      example: 1523.47,
    }),
    fuel: z.number().optional().openapi({
      description:
        "Litres of tax-paid fuel bought in the group, where the provider reports it (Samsara does; the sandbox does not). Absent when any of the group's reports lacks it.",
      example: 412.8,
    }),
    raw: RawSchema.optional().openapi({
      description: `The provider payloads summed into the group, oldest period first, at most ${RAW_PER_GROUP}; only with \`raw=true\`.`,
    }),
  })
  .openapi("IftaSummary", {
    description:
      "The distance driven in one group of a summary: a jurisdiction, a vehicle, or a vehicle's jurisdiction (by month).",
  });

const MonthQuerySchema = (description: string, example: string) =>
  z.string().regex(MONTH_PATTERN, { message: "Expected a month as YYYY-MM." }).openapi({ description, example });

/** Months from one `YYYY-MM` to another, both counted. */
const monthsFrom = (start: string, end: string) =>
  (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5)) - Number(start.slice(5)) + 1;

export const IftaSummaryQuerySchema = z
  .object({
    startMonth: MonthQuerySchema("First month of the summary, inclusive (`YYYY-MM`, UTC).", "2026-01"),
    endMonth: MonthQuerySchema(
      `Last month of the summary, inclusive (\`YYYY-MM\`, UTC); at most ${MAX_IFTA_MONTHS} months after startMonth, counting both.`,
      "2026-03",
    ),
    groupBy: z.enum(IFTA_GROUPINGS).default("vehicle,jurisdiction").openapi({
      description:
        "What the distances are summed by: `jurisdiction` (the fleet's), `vehicle`, `vehicle,jurisdiction` (default) or `vehicle,jurisdiction,month`. Groups come in the order of these keys.",
      example: "vehicle,jurisdiction",
    }),
    expand: expandOneQuerySchema("vehicle"),
    raw: RawQuerySchema,
    cursor: CursorQuerySchema,
  })
  .superRefine((query, context) => {
    if (query.endMonth < query.startMonth) {
      context.addIssue({ code: "custom", message: "endMonth is before startMonth.", path: ["endMonth"] });
    } else if (monthsFrom(query.startMonth, query.endMonth) > MAX_IFTA_MONTHS) {
      context.addIssue({
        code: "custom",
        message: `The range covers more than ${MAX_IFTA_MONTHS} months; ask for shorter ranges.`,
        path: ["endMonth"],
      });
    }
    if (query.expand === "vehicle" && query.groupBy === "jurisdiction") {
      context.addIssue({
        code: "custom",
        message: "expand=vehicle needs a grouping by vehicle; groupBy=jurisdiction has no vehicle.",
        path: ["expand"],
      });
    }
  });
