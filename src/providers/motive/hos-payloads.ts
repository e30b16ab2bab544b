import { z } from "@hono/zod-openapi";
import { motiveId, text, timestamp } from "./payloads";

/**
 * Motive's hours-of-service payloads (providers-families.md 2.3): a driver's log day of
 * `GET /v1/logs` (`logs[].log`) and the duty-status changes it carries (`events[].event`). As in
 * payloads.ts, every field a mapper reads is checked, documented nullables are nullable and
 * unknown fields are ignored.
 */

/**
 * The event types that are duty statuses. `off_duty`, `on_duty`, `sleeper` and `driving` are
 * documented; `yard_move`, `personal_conveyance` and `waiting` are not confirmed as event types
 * (providers-families.md 6) and are mapped in case Motive sends them.
 */
export const MOTIVE_DUTY_TYPES = [
  "off_duty",
  "on_duty",
  "sleeper",
  "driving",
  "yard_move",
  "personal_conveyance",
  "waiting",
] as const;
export type MotiveDutyType = (typeof MOTIVE_DUTY_TYPES)[number];

const seconds = z.number().finite().nonnegative();
const reference = z.object({ id: motiveId });
/** A log's vehicles, wrapped as in Motive's lists (`vehicles: [{ vehicle: {…} }]`). */
const logVehicles = z.array(z.object({ vehicle: reference })).nullish();

/**
 * A duty-status change of a log. `type` stays an open string here: which types are duty
 * statuses is the mapping's decision, so that another type is refused with its name. `location`
 * is a place name ("Mobile, AL"), not coordinates, and is not read; an event under way has no
 * `end_time`.
 */
export const motiveLogEvent = z.object({
  id: motiveId,
  type: z.string().min(1),
  start_time: timestamp,
  end_time: timestamp.nullish(),
  notes: text,
});
export type MotiveLogEvent = z.infer<typeof motiveLogEvent>;

/**
 * A driver's log day (`GET /v1/logs`, `logs[].log`). `date` is the driver's log day
 * (YYYY-MM-DD, in the log's `time_zone`); the durations are seconds; `total_miles` is in km when
 * `metric_units` is true, in miles otherwise (Motive documents it as an integer).
 */
export const motiveLog = z.object({
  id: motiveId,
  date: z.iso.date(),
  total_miles: z.number().finite().nonnegative().nullish(),
  metric_units: z.boolean().nullish(),
  off_duty_duration: seconds,
  on_duty_duration: seconds,
  sleeper_duration: seconds,
  driving_duration: seconds,
  waiting_duration: seconds,
  driver: reference,
  vehicles: logVehicles,
});
export type MotiveLog = z.infer<typeof motiveLog>;

/**
 * One duty-status change as the adapter reads it: Motive's event untouched, beside what its log
 * says about it: the log's id and day (where it was read; not mapped), its driver and its
 * vehicles, each Motive's own object untouched.
 */
export const motiveDutyEvent = z.object({
  driver: reference,
  vehicles: logVehicles,
  event: motiveLogEvent,
});
export type MotiveDutyEvent = z.infer<typeof motiveDutyEvent>;

/** Time left on a clock, in seconds: below zero once the driver is over the limit (a violation). */
const remainingSeconds = z.number().finite();

/**
 * A driver of `GET /v1/available_time` (`users[].user`, providers-families.md 2.3): the clocks
 * Motive computes at the request, in seconds left. `duty_status` stays an open string: which
 * statuses are known is the mapping's decision. The recap of the cycle's days, the last status
 * change and the last cycle reset are not read.
 */
export const motiveAvailableTime = z.object({
  id: motiveId,
  duty_status: text,
  available_time: z.object({
    drive: remainingSeconds,
    shift: remainingSeconds,
    cycle: remainingSeconds,
    break: remainingSeconds,
  }),
});
export type MotiveAvailableTime = z.infer<typeof motiveAvailableTime>;
