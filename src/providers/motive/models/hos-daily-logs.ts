import type { NormalizedHosDailyLog } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE } from "../../kit/units";
import { isoDay, requireWindow } from "../../kit/windows";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { MOTIVE_METRIC_UNITS, PROVIDER } from "../client";
import { motiveLog } from "../hos-payloads";
import { perPage } from "../listing";
import { readLogPage } from "../logs";
import { round2 } from "../values";

/** Drivers' days of hours of service, at the adapter's one conservative pace (providers.md 2.3). */
export const motiveHosDailyLogs: ProviderModel<"hosDailyLogs"> = {
  pace: "api",
  read: readDailyLogs,
  normalize: mapLogDay,
};

/** The logs of the window's days: one payload per log, Motive's `log` untouched. */
async function readDailyLogs(request: ReadRequest): Promise<ProviderPage> {
  const { start, end } = requireWindow(PROVIDER, "hosDailyLogs", request.window);
  const dates = { from: isoDay(start.getTime()), to: isoDay(end.getTime() - 1) };
  return readLogPage(request, dates, perPage(request.pageSize), "Daily logs");
}

const SECOND_MS = 1000;

/**
 * A log → the driver's day: its durations from seconds to ms, and its `total_miles` as the
 * day's driving distance, in km (miles unless the log says `metric_units`; a log without the
 * flag is in the units asked for). Motive splits neither durations nor distance into yard moves
 * and personal conveyance (providers-families.md 4.3), so those are 0: its yard moves count in
 * `on_duty_duration` and personal conveyance in `off_duty_duration`.
 */
export function mapLogDay(payload: unknown): NormalizedHosDailyLog {
  const log = parsePayload(PROVIDER, motiveLog, payload, "log");
  const ms = (seconds: number) => Math.round(seconds * SECOND_MS);
  const metric = log.metric_units ?? MOTIVE_METRIC_UNITS;
  const km = log.total_miles == null ? undefined : round2(log.total_miles * (metric ? 1 : KM_PER_MILE));
  return {
    sourceId: String(log.id),
    driverSourceId: String(log.driver.id),
    date: log.date,
    ...(km === undefined ? {} : { distances: { total: km, driving: km, personalConveyance: 0, yardMove: 0 } }),
    statusDurations: {
      onDuty: ms(log.on_duty_duration),
      offDuty: ms(log.off_duty_duration),
      driving: ms(log.driving_duration),
      waiting: ms(log.waiting_duration),
      sleeperBed: ms(log.sleeper_duration),
      personalConveyance: 0,
      yardMove: 0,
    },
  };
}
