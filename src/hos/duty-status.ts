/**
 * The duty statuses of the API's HOS logs (data-families.md "Hours of service"), and how the
 * US rules count each (49 CFR 395.2, 395.8): driving and on-duty-not-driving use the limits;
 * everything else is rest.
 */
export const DUTY_STATUSES = [
  "off_duty",
  "sleeper_bed",
  "driving",
  "on_duty",
  "yard_move",
  "personal_conveyance",
  "waiting_time",
] as const;
export type DutyStatus = (typeof DUTY_STATUSES)[number];

/**
 * On duty for the 14-hour window and the 60/70-hour cycle. A yard move is on-duty-not-driving
 * (FMCSA guidance on yard moves). Personal conveyance is off-duty driving. Waiting time is the
 * oilfield exception's off-duty time (395.1(d)(2)), recorded apart but counted as rest.
 */
export function isOnDuty(status: DutyStatus): boolean {
  return status === "driving" || status === "on_duty" || status === "yard_move";
}

/** Driving for the 11-hour limit and the 30-minute break: a yard move and personal conveyance are not. */
export function isDriving(status: DutyStatus): boolean {
  return status === "driving";
}

/** The key of each status in a day's `statusDurations` (data-families.md "Hours of service"). */
export const DURATION_KEY_OF = {
  on_duty: "onDuty",
  off_duty: "offDuty",
  driving: "driving",
  waiting_time: "waiting",
  sleeper_bed: "sleeperBed",
  personal_conveyance: "personalConveyance",
  yard_move: "yardMove",
} as const satisfies Readonly<Record<DutyStatus, string>>;
export type DurationKey = (typeof DURATION_KEY_OF)[DutyStatus];
