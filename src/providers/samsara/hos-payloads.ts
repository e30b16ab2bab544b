import { z } from "@hono/zod-openapi";
import type { DutyStatus } from "../../hos/duty-status";

/**
 * Samsara's hours-of-service payloads (providers-families.md 1.3), in its field names and units:
 * RFC 3339 times, milliseconds, metres. Optional fields are `nullish`, as in payloads.ts.
 */

const text = z.string().nullish();
/** An RFC 3339 time that parses (a status without a readable start cannot be placed). */
const rfc3339 = z
  .string()
  .min(1)
  .refine((value) => !Number.isNaN(Date.parse(value)), "not an RFC 3339 time");
const finite = z.number().finite();
const milliseconds = finite.nonnegative().nullish();
const metres = finite.nonnegative().nullish();

/** `hosStatusType`: Samsara has no waiting-time status (only `waitingTimeDurationMs` in daily logs). */
export const SAMSARA_HOS_STATUSES = [
  "offDuty",
  "sleeperBed",
  "driving",
  "onDuty",
  "yardMove",
  "personalConveyance",
] as const;
export type SamsaraHosStatus = (typeof SAMSARA_HOS_STATUSES)[number];

/** providers-families.md 4.3. Samsara has no waiting-time status, so `waiting_time` never comes from it. */
export const SAMSARA_DUTY_STATUS_OF: Readonly<Record<SamsaraHosStatus, DutyStatus>> = {
  offDuty: "off_duty",
  sleeperBed: "sleeper_bed",
  driving: "driving",
  onDuty: "on_duty",
  yardMove: "yard_move",
  personalConveyance: "personal_conveyance",
};

const driverTiny = z.object({ id: z.string().min(1), name: text });

/**
 * One entry of a driver's `hosLogs` (`GET /fleet/hos/logs`). `logEndTime` is absent (or empty)
 * while the status lasts; the tiny vehicle spells `ExternalIds` with a capital E (not read).
 */
export const samsaraHosLog = z.object({
  hosStatusType: z.enum(SAMSARA_HOS_STATUSES),
  logStartTime: rfc3339,
  logEndTime: z.union([z.literal(""), rfc3339]).nullish(),
  // Off-duty logs may have no vehicle: absent, or one with blank fields.
  vehicle: z.object({ id: text, name: text }).nullish(),
  codrivers: z.array(driverTiny).nullish(),
  logRecordedLocation: z.object({ latitude: finite.min(-90).max(90), longitude: finite.min(-180).max(180) }).nullish(),
  remark: text,
});
export type SamsaraHosLog = z.infer<typeof samsaraHosLog>;

/**
 * A log item of the adapter: one entry of `hosLogs` with the driver it is listed under
 * (Samsara groups the logs by driver; each payload carries its driver so it reads on its own).
 */
export const samsaraHosLogItem = z.object({ driver: driverTiny, hosLog: samsaraHosLog });
export type SamsaraHosLogItem = z.infer<typeof samsaraHosLogItem>;

/** A day of `GET /fleet/hos/daily-logs`: its times carry the driver's home-terminal offset. */
export const samsaraHosDailyLog = z.object({
  driver: driverTiny.extend({ timezone: text }),
  startTime: rfc3339.refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value), "not an RFC 3339 time"),
  endTime: rfc3339.nullish(),
  dutyStatusDurations: z.object({
    activeDurationMs: milliseconds,
    driveDurationMs: milliseconds,
    offDutyDurationMs: milliseconds,
    onDutyDurationMs: milliseconds,
    sleeperBerthDurationMs: milliseconds,
    personalConveyanceDurationMs: milliseconds,
    yardMoveDurationMs: milliseconds,
    waitingTimeDurationMs: milliseconds,
  }),
  distanceTraveled: z
    .object({
      driveDistanceMeters: metres,
      personalConveyanceDistanceMeters: metres,
      yardMoveDistanceMeters: metres,
    })
    .nullish(),
});
export type SamsaraHosDailyLog = z.infer<typeof samsaraHosDailyLog>;

/** Time left on a clock, in ms: below zero once the driver is over the limit (a violation). */
const remaining = finite;

/**
 * A driver of `GET /fleet/hos/clocks` (providers-families.md 1.3): the clocks Samsara computes
 * now. `hosStatusType` is an empty string while the driver's app is disconnected, and stays an
 * open string here: which statuses are known is the mapping's decision. `currentVehicle` (tiny,
 * capital-E `ExternalIds`), the cycle's start and tomorrow's cycle, and `violations` are not read.
 */
export const samsaraHosClock = z.object({
  driver: driverTiny,
  currentDutyStatus: z.object({ hosStatusType: text }).nullish(),
  clocks: z.object({
    drive: z.object({ driveRemainingDurationMs: remaining }),
    shift: z.object({ shiftRemainingDurationMs: remaining }),
    cycle: z.object({ cycleRemainingDurationMs: remaining }),
    break: z.object({ timeUntilBreakDurationMs: remaining }),
  }),
});
export type SamsaraHosClock = z.infer<typeof samsaraHosClock>;
