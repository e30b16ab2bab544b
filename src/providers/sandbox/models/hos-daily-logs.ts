import type { NormalizedHosDailyLog } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { type SandboxHosDay, sandboxHosDay } from "../hos-payloads";
import { pad } from "../ids";
import { sandboxListing, windowListing } from "../listing";
import { PROVIDER } from "../payloads";
import { dailyDutyOfDay } from "../simulation/duty-daily";

const SECOND_MS = 1000;
const MILE_DECIMALS = 1000;

/** `GET /hos/daily-logs`: each driver's UTC days that overlap the window (today's as far as it has gone). */
export const sandboxHosDailyLogs: ProviderModel<"hosDailyLogs"> = {
  pace: NOT_PACED,
  read: sandboxListing("hosDailyLogs", (fleet, window) => {
    const { start, end } = requireWindow(PROVIDER, "hosDailyLogs", window);
    return windowListing("sandbox.hos.daily_logs", fleet, { start, end }, (vehicle, day) => {
      const daily = dailyDutyOfDay(fleet, vehicle, day, fleet.vehicleUntil(vehicle));
      if (!daily) return [];
      const seconds = (ms: number) => Math.round(ms / SECOND_MS);
      const miles = (km: number) => Math.round((km / KM_PER_MILE) * MILE_DECIMALS) / MILE_DECIMALS;
      const { statusDurations: ms, distances } = daily;
      const payload: SandboxHosDay = {
        id: `sbx-hday-${pad(vehicle.record.index)}-${daily.date}`,
        driverId: daily.driverId,
        date: daily.date,
        vehicleIds: daily.vehicleIds,
        secondsByStatus: {
          OFF: seconds(ms.offDuty),
          SB: seconds(ms.sleeperBed),
          D: seconds(ms.driving),
          ON: seconds(ms.onDuty),
          YM: seconds(ms.yardMove),
          PC: seconds(ms.personalConveyance),
          WT: seconds(ms.waiting),
        },
        miles: {
          driving: miles(distances.driving),
          personalConveyance: miles(distances.personalConveyance),
          yardMove: miles(distances.yardMove),
        },
      };
      return [payload];
    });
  }),
  normalize: mapHosDay,
};

/** Seconds → ms, miles → km; the total is the sum of its parts. */
export function mapHosDay(payload: unknown): NormalizedHosDailyLog {
  const day = parsePayload(PROVIDER, sandboxHosDay, payload, "HOS daily log");
  const km = (miles: number) => miles * KM_PER_MILE;
  const distances = {
    driving: km(day.miles.driving),
    personalConveyance: km(day.miles.personalConveyance),
    yardMove: km(day.miles.yardMove),
  };
  const ms = (seconds: number) => seconds * SECOND_MS;
  return {
    sourceId: day.id,
    driverSourceId: day.driverId,
    date: day.date,
    distances: { total: distances.driving + distances.personalConveyance + distances.yardMove, ...distances },
    statusDurations: {
      onDuty: ms(day.secondsByStatus.ON),
      offDuty: ms(day.secondsByStatus.OFF),
      driving: ms(day.secondsByStatus.D),
      waiting: ms(day.secondsByStatus.WT),
      sleeperBed: ms(day.secondsByStatus.SB),
      personalConveyance: ms(day.secondsByStatus.PC),
      yardMove: ms(day.secondsByStatus.YM),
    },
  };
}
