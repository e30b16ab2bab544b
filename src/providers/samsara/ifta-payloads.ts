import { z } from "@hono/zod-openapi";

/**
 * Samsara's IFTA vehicle report (providers-families.md 1.4), in its field names and units:
 * metres, litres, months by their full English name. Optional fields are `nullish`, as in
 * payloads.ts.
 */

/** `month` of the report, as Samsara asks for it and answers it. */
export const SAMSARA_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export type SamsaraMonth = (typeof SAMSARA_MONTHS)[number];

const finite = z.number().finite();

/**
 * `GET /fleet/reports/ifta/vehicle`: an object, not a list. Each vehicle report is read on its
 * own by the adapter (one malformed report does not sink the page), so they stay unknown here.
 */
export const samsaraIftaVehicleEnvelope = z.object({
  data: z.object({
    year: z.number().int().nullish(),
    month: z.string().nullish(),
    vehicleReports: z.array(z.unknown()),
  }),
  pagination: z.object({ endCursor: z.string().nullish(), hasNextPage: z.boolean() }).nullish(),
});

/** One entry of a vehicle report's `jurisdictions`: a state or province's distance and tax-paid fuel. */
export const samsaraIftaJurisdiction = z.object({
  jurisdiction: z.string().nullish(),
  totalMeters: finite.nonnegative(),
  taxableMeters: finite.nonnegative().nullish(),
  taxPaidLiters: finite.nonnegative().nullish(),
});
export type SamsaraIftaJurisdiction = z.infer<typeof samsaraIftaJurisdiction>;

/**
 * A payload of the adapter: one jurisdiction of one vehicle's month, with the month and the
 * vehicle it is listed under (Samsara nests them; each payload carries both so it reads on its own).
 */
export const samsaraIftaItem = z.object({
  year: z.number().int().min(1970).max(9999),
  month: z.enum(SAMSARA_MONTHS),
  vehicle: z.object({
    id: z.string().min(1),
    name: z.string().nullish(),
    externalIds: z.record(z.string(), z.unknown()).nullish(),
  }),
  jurisdiction: samsaraIftaJurisdiction,
});
export type SamsaraIftaItem = z.infer<typeof samsaraIftaItem>;
