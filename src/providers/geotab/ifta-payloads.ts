import { z } from "@hono/zod-openapi";
import { geotabDate, idReference } from "./payloads";

/**
 * MyGeotab's IFTA data (providers-families.md §3.4): `FuelTaxDetail`, a contiguous segment of a
 * device's travel with constant attributes (jurisdiction, driver, toll road, authority), the next
 * one starting where it ended. Its odometers are in **km** (unlike the meters of StatusData and
 * Trip.odometer): `enter/exitOdometer` the vehicle's (engine or adjusted) odometer,
 * `enter/exitGpsOdometer` the GPS one. Geotab reports no fuel per jurisdiction. Below, the detail
 * as Geotab sends it, and the payload the adapter hands on, which carries the details exactly as
 * sent plus what the adapter put beside them (named as ours).
 */

/** An odometer reading in km; absent or null when the device has none. */
const odometer = z.number().finite().nullable().optional();
const latitude = z.number().finite().min(-90).max(90).nullable().optional();
const longitude = z.number().finite().min(-180).max(180).nullable().optional();

/**
 * `FuelTaxDetail`. `jurisdiction` is the state or province code (kept as a string: the adapter
 * reads anything but a known US or Canadian code as no jurisdiction). Searched with
 * `includeBoundaries: false`, a detail that runs over the search's edges comes back cut to them,
 * its odometers there interpolated (`isEnter/ExitOdometerInterpolated`). `isNegligible` marks a
 * detail too short to matter to Geotab's own report; its distance still counts here.
 */
export const geotabFuelTaxDetail = z.object({
  id: z.string().min(1).optional(),
  device: idReference,
  driver: z.union([idReference, z.string().min(1)]).optional(),
  jurisdiction: z.string().nullable().optional(),
  enterTime: geotabDate,
  exitTime: geotabDate,
  enterOdometer: odometer,
  exitOdometer: odometer,
  enterGpsOdometer: odometer,
  exitGpsOdometer: odometer,
  enterLatitude: latitude,
  enterLongitude: longitude,
  exitLatitude: latitude,
  exitLongitude: longitude,
  isClusterOdometer: z.boolean().optional(),
  isEnterOdometerInterpolated: z.boolean().optional(),
  isExitOdometerInterpolated: z.boolean().optional(),
  isNegligible: z.boolean().optional(),
  version: z.string().optional(),
});
export type GeotabFuelTaxDetail = z.infer<typeof geotabFuelTaxDetail>;

/**
 * One device's UTC day in one jurisdiction as the adapter hands it on (Geotab has no daily
 * rollup): the jurisdiction as the adapter read it (a two-letter code, null for none), and the
 * device's FuelTaxDetails of that day in it, as `Get FuelTaxDetail` answered them for the day
 * with `includeBoundaries: false` (so cut to the day).
 */
export const geotabIftaDay = z.object({
  device: idReference,
  date: z.iso.date(),
  jurisdiction: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  fuelTaxDetails: z.array(geotabFuelTaxDetail).min(1),
});
export type GeotabIftaDay = z.infer<typeof geotabIftaDay>;
