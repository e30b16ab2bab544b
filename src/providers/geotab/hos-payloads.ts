import { z } from "@hono/zod-openapi";
import { geotabDate, idReference } from "./payloads";
import { parseTimeSpan } from "./timespan";

/**
 * MyGeotab's hours of service (providers-families.md §3.3): `DutyStatusLog`, one change of a
 * driver's duty status (or an ELD event) at `dateTime`, with no end: a status lasts until the
 * driver's next duty-status log. Edited in place (same id, higher `version`). Geotab has no
 * daily-log entity. Below, the log as Geotab sends it, and the two payloads the adapter hands on,
 * which carry the logs exactly as sent plus what the adapter put beside them (named as ours);
 * and `DutyStatusAvailability`, a driver's clocks as Geotab computes them, handed on as sent.
 */

/** A user or device reference, or a bare system id (`"UnknownDriverId"`, `"NoDeviceId"`): Geotab writes both. */
const reference = z.union([idReference, z.string().min(1)]);

/**
 * Where a status began. The current object model calls it AddressLookupData, whose `location`
 * is a point `{x: longitude, y: latitude}` (Geotab's MyGeotab API Adapter reads
 * `Location.Location`); older typings give a LogRecord (`latitude`, `longitude`). Both are read.
 */
const dutyStatusLocation = z.union([
  z.object({
    location: z.object({ x: z.number().finite().min(-180).max(180), y: z.number().finite().min(-90).max(90) }),
  }),
  z.object({ latitude: z.number().finite().min(-90).max(90), longitude: z.number().finite().min(-180).max(180) }),
]);
export type GeotabDutyStatusLocation = z.infer<typeof dutyStatusLocation>;

/** An AnnotationLog: a remark the driver (or an editor) attached to a log. */
const annotationLog = z.object({
  id: z.string().min(1).optional(),
  comment: z.string().optional(),
  dateTime: geotabDate.optional(),
});

/**
 * `DutyStatusLog`. `status` is a DutyStatusLogType: the duty statuses OFF, SB, D, ON, PC, YM, WT,
 * and intermediate logs, ELD events, exemptions, zones and compliance records (kept as strings:
 * Geotab adds types). `state` is Active, Inactive, Requested or Rejected. `odometer` in meters and
 * `engineHours` in seconds come with `includeCompliance`; `location` with `includeLocations`.
 */
export const geotabDutyStatusLog = z.object({
  id: z.string().min(1),
  version: z.string().optional(),
  dateTime: geotabDate,
  driver: reference,
  device: reference.optional(),
  coDrivers: z.array(reference).nullable().optional(),
  status: z.string().min(1),
  state: z.string().optional(),
  origin: z.string().optional(),
  location: dutyStatusLocation.nullable().optional(),
  annotations: z.array(annotationLog).nullable().optional(),
  odometer: z.number().finite().nullable().optional(),
});
export type GeotabDutyStatusLog = z.infer<typeof geotabDutyStatusLog>;

/**
 * One duty-status log as the adapter hands it on: the log as sent, and the same driver's next
 * duty-status log as sent (absent while this status lasts), whose `dateTime` is this one's end.
 */
export const geotabHosLog = z.object({
  dutyStatusLog: geotabDutyStatusLog,
  nextDutyStatusLog: geotabDutyStatusLog.optional(),
});
export type GeotabHosLog = z.infer<typeof geotabHosLog>;

/**
 * One driver's UTC day as the adapter hands it on (Geotab has no daily log): the driver's active
 * duty-status logs from the one under way when the day began through the first one after it, as
 * sent, and when the adapter read them (`readAt`): a status still under way then counts up to it.
 */
export const geotabHosDay = z.object({
  driver: idReference,
  date: z.iso.date(),
  readAt: geotabDate,
  dutyStatusLogs: z.array(geotabDutyStatusLog),
});
export type GeotabHosDay = z.infer<typeof geotabHosDay>;

/**
 * A signed TimeSpan (`[-][d.]hh:mm:ss[.fffffff]`): time left goes below zero once a driver is
 * in violation, which is not a malformed payload.
 */
const signedTimeSpan = z.string().refine((value) => parseTimeSpan(value) !== undefined, "Expected a TimeSpan");

/**
 * `DutyStatusAvailability`: what a driver has left under their HOS ruleset now, computed by
 * Geotab on request (not stored, no feed). `driving` is drive time left, `duty` on-duty time
 * left in the day (the shift), `rest` time until a break is due, `cycle` cycle time left; the
 * four the clocks need are required. The rest are read loosely: the typings give `recap`,
 * `availabilities` and `cycleAvailabilities` no item shape, and the flags are not always sent
 * (the reference's example lacks three of them).
 */
export const geotabDutyStatusAvailability = z.object({
  driver: idReference,
  driving: signedTimeSpan,
  duty: signedTimeSpan,
  rest: signedTimeSpan,
  cycle: signedTimeSpan,
  workday: signedTimeSpan.optional(),
  cycleRest: signedTimeSpan.optional(),
  dutySinceCycleRest: signedTimeSpan.optional(),
  recap: z.array(z.unknown()).nullable().optional(),
  availabilities: z.array(z.unknown()).nullable().optional(),
  cycleAvailabilities: z.array(z.unknown()).nullable().optional(),
  is16HourExemptionAvailable: z.boolean().optional(),
  isAdverseDrivingExemptionAvailable: z.boolean().optional(),
  isAdverseDrivingApplied: z.boolean().optional(),
  isOffDutyDeferralExemptionAvailable: z.boolean().optional(),
  isRailroadExemptionAvailable: z.boolean().optional(),
});
export type GeotabDutyStatusAvailability = z.infer<typeof geotabDutyStatusAvailability>;
