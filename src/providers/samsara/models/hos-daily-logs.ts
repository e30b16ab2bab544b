import type { HosDistances, NormalizedHosDailyLog } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import { isoDay, requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { nextAfter, PROVIDER } from "../client";
import type { SamsaraCursor } from "../cursor";
import { type SamsaraHosDailyLog, samsaraHosDailyLog } from "../hos-payloads";
import { next, samsaraPages } from "../listing";
import { samsaraListEnvelope } from "../payloads";

/**
 * `GET /fleet/hos/daily-logs` for the window's UTC days (`startDate` to `endDate`, both
 * inclusive: Samsara returns the logs whose `startTime` falls on them). Like the drivers list,
 * it serves active drivers unless asked for deactivated ones: both listings are read, one after
 * the other. Today's log is read again by the next sync, as far as the day has gone then. Its
 * own 5 requests/s tier (providers-families.md 1.3).
 */
export const samsaraHosDailyLogs: ProviderModel<"hosDailyLogs"> = {
  pace: "hosDailyLogs",
  read: samsaraPages("hosDailyLogs", "samsara.fleet.hos.daily-logs", async (client, input) => {
    const window = requireWindow(PROVIDER, "hosDailyLogs", input.window);
    const status = input.cursor?.status ?? "active";
    const body = await client.get(
      "/fleet/hos/daily-logs",
      {
        startDate: isoDay(window.start.getTime()),
        // The window's end is exclusive, the date inclusive.
        endDate: isoDay(Math.max(window.start.getTime(), window.end.getTime() - 1)),
        driverActivationStatus: status,
        after: input.cursor?.after,
      },
      samsaraListEnvelope,
    );
    const after = nextAfter(body.pagination);
    const following: SamsaraCursor | undefined = after
      ? { model: "hosDailyLogs", status, after }
      : status === "active"
        ? { model: "hosDailyLogs", status: "deactivated" }
        : undefined;
    return { items: body.data, ...next(following) };
  }),
  normalize: mapHosDailyLog,
};

/**
 * A driver's log day. Its date is the date part of `startTime`, written in the driver's own
 * offset: the home-terminal day Samsara cut the log on (converting it to UTC would shift a
 * Chicago day that starts at midnight onto the day before). Milliseconds are kept (whole),
 * metres become km (2 decimals), the total distance being the sum of its parts.
 */
export function mapHosDailyLog(payload: unknown): NormalizedHosDailyLog {
  const day = parsePayload(PROVIDER, samsaraHosDailyLog, payload, "HOS daily log");
  const date = day.startTime.slice(0, 10);
  const ms = (value: number | null | undefined) => Math.round(value ?? 0);
  const durations = day.dutyStatusDurations;
  return {
    sourceId: hosDailyLogSourceId(day.driver.id, date),
    driverSourceId: day.driver.id,
    date,
    ...(day.distanceTraveled ? { distances: distancesOf(day.distanceTraveled) } : {}),
    statusDurations: {
      onDuty: ms(durations.onDutyDurationMs),
      offDuty: ms(durations.offDutyDurationMs),
      driving: ms(durations.driveDurationMs),
      waiting: ms(durations.waitingTimeDurationMs),
      sleeperBed: ms(durations.sleeperBerthDurationMs),
      personalConveyance: ms(durations.personalConveyanceDurationMs),
      yardMove: ms(durations.yardMoveDurationMs),
    },
  };
}

function distancesOf(distance: NonNullable<SamsaraHosDailyLog["distanceTraveled"]>): HosDistances {
  const driving = distance.driveDistanceMeters ?? 0;
  const personalConveyance = distance.personalConveyanceDistanceMeters ?? 0;
  const yardMove = distance.yardMoveDistanceMeters ?? 0;
  const km = (metres: number) => round2(metres / 1000);
  return {
    total: km(driving + personalConveyance + yardMove),
    driving: km(driving),
    personalConveyance: km(personalConveyance),
    yardMove: km(yardMove),
  };
}

/**
 * The id of a driver's log day. Samsara's daily logs have no id: a driver has one log a day,
 * so the driver and the date identify it.
 */
export const hosDailyLogSourceId = (driverSourceId: string, date: string) => `${driverSourceId}:${date}`;
