import { DURATION_KEY_OF, DUTY_STATUSES, type DutyStatus } from "../../../hos/duty-status";
import type { HosDistances, NormalizedHosDailyLog } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import { DAY_MS, utcDayStart, windowDays } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { type GeotabClient, PROVIDER } from "../client";
import { decodeCursor, encodeCursor } from "../cursor";
import {
  deviceIdOf,
  driverIds,
  isActiveDutyStatus,
  MAX_DRIVERS_PER_CALL,
  readDutyStatusLogs,
  STATUS_OF_CODE,
  timelineOf,
} from "../duty-status-logs";
import { type GeotabDutyStatusLog, geotabHosDay } from "../hos-payloads";
import { geotabClient } from "../login";
import { compare, limitOf, unreadableIssue, windowOf } from "../paging";
import { driverIdOf } from "../values";

/**
 * Geotab has no daily log: each driver's days are built from their DutyStatusLogs (the duty
 * statuses, Active), in MyGeotab's one pace for calls (providers.md 3.3). A day is the UTC day:
 * the driver's home-terminal time zone (their log's day) is not known here.
 */
export const geotabHosDailyLogs: ProviderModel<"hosDailyLogs"> = {
  pace: "calls",
  read: (request) => readHosDays(geotabClient(request), request),
  normalize: mapHosDay,
};

/**
 * A page of drivers' days: drivers in id order (the cursor holds the last one done), about a
 * page of days' worth per ExecuteMultiCall, each one's `Get DutyStatusLog` of the whole window
 * with the log under way when it began (`includeBoundaryLogs`) and odometers
 * (`includeCompliance`). Each day the driver has a status in (up to now) is a payload holding
 * the logs from the one under way at its start through the first one after it. An answer that
 * fills the 50,000-result cap may have been cut: its days past the latest log are left out, and
 * said so.
 */
async function readHosDays(client: GeotabClient, request: ReadRequest): Promise<ProviderPage> {
  const window = windowOf("hosDailyLogs", request);
  const after = decodeCursor(request.cursor, "hosDailyLogs", "after")?.id;
  const ids = (await driverIds(client)).filter((id) => after === undefined || compare(id, after) > 0);
  const days = windowDays({ start: new Date(window.start), end: new Date(window.end) });
  const perPage = Math.floor(limitOf(request.pageSize) / Math.max(1, days.length));
  const chunk = ids.slice(0, Math.min(MAX_DRIVERS_PER_CALL, Math.max(1, perPage)));
  const starts = chunk.map((id) => ({ id, from: window.start }));
  const answers = chunk.length ? await readDutyStatusLogs(client, starts, window.end, { includeCompliance: true }) : [];
  const readAt = Date.now();
  const items: unknown[] = [];
  let unreadable = 0;
  let cutDays = 0;
  chunk.forEach((id, index) => {
    const timeline = timelineOf(answers[index] ?? [], id);
    unreadable += timeline.unreadable;
    for (const date of days) {
      const dayStart = utcDayStart(date);
      if (dayStart >= readAt) break;
      if (dayStart + DAY_MS > timeline.wholeUntil) {
        cutDays++;
        continue;
      }
      const logs = logsOfDay(timeline.logs, dayStart, readAt);
      if (logs.length)
        items.push({ driver: { id }, date, readAt: new Date(readAt).toISOString(), dutyStatusLogs: logs });
    }
  });
  const issues = [
    ...(unreadable > 0 ? [unreadableIssue(unreadable, "DutyStatusLog")] : []),
    ...(cutDays > 0
      ? [
          {
            code: "inaccessible_data" as const,
            message: `${cutDays} Geotab driver-day(s) were left out: a driver's DutyStatusLogs reached the 50,000-result cap.`,
          },
        ]
      : []),
  ];
  const last = chunk.at(-1);
  return {
    items,
    schema: "geotab.DutyStatusLog",
    ...(ids.length > chunk.length && last !== undefined
      ? { nextCursor: encodeCursor("hosDailyLogs", { k: "after", id: last }) }
      : {}),
    ...(issues.length ? { issues } : {}),
  };
}

/**
 * The logs (a driver's, in time order) whose statuses overlap the day up to `readAt`, and the
 * first one after them, which ends the last; none when no status overlaps the day.
 */
export function logsOfDay(
  logs: readonly GeotabDutyStatusLog[],
  dayStart: number,
  readAt: number,
): GeotabDutyStatusLog[] {
  const until = Math.min(dayStart + DAY_MS, readAt);
  const startOf = (index: number) => Date.parse(logs[index]!.dateTime);
  const overlapping = logs
    .map((_, index) => index)
    .filter((index) => startOf(index) < until && (index + 1 === logs.length || startOf(index + 1) > dayStart));
  if (overlapping.length === 0) return [];
  return logs.slice(overlapping[0], overlapping.at(-1)! + 2);
}

/** The statuses whose distance a day reports (HosDistances), by status. */
const DISTANCE_KEY_OF: Partial<Record<DutyStatus, keyof Omit<HosDistances, "total">>> = {
  driving: "driving",
  personal_conveyance: "personalConveyance",
  yard_move: "yardMove",
};

/**
 * A driver's UTC day from their duty-status logs: each status from its log to the next one (the
 * last still under way lasts until `readAt`), clipped to the day, in ms. Distances are the
 * odometer's rise (meters, `includeCompliance`) from a driving, personal-conveyance or yard-move
 * log to the next log of the same vehicle, shared between days in proportion to time; a status
 * under way counts its distance once it has ended; a status whose odometers are missing (or of
 * two vehicles) leaves the day's distances out, since they would be short.
 */
export function mapHosDay(payload: unknown): NormalizedHosDailyLog {
  const day = parsePayload(PROVIDER, geotabHosDay, payload, "DutyStatusLog day");
  const driverId = day.driver.id;
  for (const log of day.dutyStatusLogs) {
    if (driverIdOf(log.driver) !== driverId) {
      throw new ProviderError("malformed", `Geotab: DutyStatusLog ${log.id} of ${day.date} is another driver's.`);
    }
  }
  const logs = day.dutyStatusLogs
    .filter((log) => isActiveDutyStatus(log, driverId))
    .sort((a, b) => Date.parse(a.dateTime) - Date.parse(b.dateTime));
  const dayStart = utcDayStart(day.date);
  const until = Math.min(dayStart + DAY_MS, Date.parse(day.readAt));
  const durations = Object.fromEntries(DUTY_STATUSES.map((status) => [status, 0])) as Record<DutyStatus, number>;
  const distances = { driving: 0, personalConveyance: 0, yardMove: 0 };
  let measured = true;
  logs.forEach((log, index) => {
    const status = STATUS_OF_CODE[log.status]!;
    const next = logs[index + 1];
    const start = Date.parse(log.dateTime);
    const end = next ? Date.parse(next.dateTime) : until;
    const overlap = Math.min(end, until) - Math.max(start, dayStart);
    if (overlap <= 0) return;
    durations[status] += overlap;
    const key = DISTANCE_KEY_OF[status];
    if (key === undefined || next === undefined) return;
    const meters = odometerRise(log, next);
    if (meters === undefined) measured = false;
    else distances[key] += (meters / 1000) * (overlap / (end - start));
  });
  const statusDurations = Object.fromEntries(
    DUTY_STATUSES.map((status) => [DURATION_KEY_OF[status], durations[status]]),
  ) as NormalizedHosDailyLog["statusDurations"];
  return {
    sourceId: `${driverId}:${day.date}`,
    driverSourceId: driverId,
    date: day.date,
    ...(measured
      ? {
          distances: {
            total: round2(distances.driving + distances.personalConveyance + distances.yardMove),
            driving: round2(distances.driving),
            personalConveyance: round2(distances.personalConveyance),
            yardMove: round2(distances.yardMove),
          },
        }
      : {}),
    statusDurations,
  };
}

/** Meters from one log to the next by the odometer, when both have one and are of the same vehicle. */
function odometerRise(log: GeotabDutyStatusLog, next: GeotabDutyStatusLog): number | undefined {
  const vehicle = deviceIdOf(log.device);
  if (vehicle === undefined || deviceIdOf(next.device) !== vehicle) return undefined;
  if (typeof log.odometer !== "number" || typeof next.odometer !== "number") return undefined;
  const rise = next.odometer - log.odometer;
  return rise >= 0 ? rise : undefined;
}
