import type { DutyStatus } from "../../../hos/duty-status";
import type { NormalizedHosLog } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { type SandboxDutyCode, type SandboxHosLog, sandboxHosLog } from "../hos-payloads";
import { pad } from "../ids";
import { sandboxListing, windowListing } from "../listing";
import { PROVIDER } from "../payloads";
import { dutyPeriodsOfDay, type SimDutyPeriod } from "../simulation/duty-log";
import { dayOf, iso } from "../time";

/** A rest runs over days off: how far back the log under way at a window's start is looked for. */
const LOOKBACK_DAYS = 31;

const CODE_OF: Readonly<Record<DutyStatus, SandboxDutyCode>> = {
  off_duty: "OFF",
  sleeper_bed: "SB",
  driving: "D",
  on_duty: "ON",
  yard_move: "YM",
  personal_conveyance: "PC",
  waiting_time: "WT",
};
const STATUS_OF = Object.fromEntries(Object.entries(CODE_OF).map(([status, code]) => [code, status])) as Readonly<
  Record<SandboxDutyCode, DutyStatus>
>;

/**
 * `GET /hos/logs`: the duty statuses that overlap the window (those that began in it, and the one
 * each driver was in when it began), so that a status still under way at one sync is read again,
 * ended, by the next.
 */
export const sandboxHosLogs: ProviderModel<"hosLogs"> = {
  pace: NOT_PACED,
  read: sandboxListing("hosLogs", (fleet, window) => {
    const { start, end } = requireWindow(PROVIDER, "hosLogs", window);
    const [from, to] = [start.getTime(), end.getTime()];
    const firstDay = dayOf(from);
    return windowListing("sandbox.hos.logs", fleet, { start, end }, (vehicle, day) => {
      const until = fleet.vehicleUntil(vehicle);
      const periods = dutyPeriodsOfDay(fleet, vehicle, day, until).filter(
        (period) => period.start < to && (period.end === null || period.end > from),
      );
      const earlier = day === firstDay ? periodUnderWayAt(fleet, vehicle, from, until) : undefined;
      return [...(earlier ? [earlier] : []), ...periods].map((period) => payloadOf(vehicle, period));
    });
  }),
  normalize: mapHosLog,
};

/** The status a driver was in at `at` that began on an earlier day (a night's or a weekend's rest). */
function periodUnderWayAt(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  at: number,
  until: number,
): SimDutyPeriod | undefined {
  for (let day = dayOf(at) - 1; day >= dayOf(at) - LOOKBACK_DAYS; day--) {
    const last = dutyPeriodsOfDay(fleet, vehicle, day, until).at(-1);
    if (last) return last.end === null || last.end > at ? last : undefined;
  }
  return undefined;
}

function payloadOf(vehicle: VehicleProfile, period: SimDutyPeriod): SandboxHosLog {
  return {
    id: `sbx-hos-${pad(vehicle.record.index)}-${period.start / 1000}`,
    driverId: period.driverId,
    ...(period.vehicleId ? { vehicleId: period.vehicleId } : {}),
    status: CODE_OF[period.status],
    startTime: iso(period.start),
    ...(period.end === null ? {} : { endTime: iso(period.end) }),
    location: period.location,
    ...(period.remark ? { remark: period.remark } : {}),
  };
}

/** ELD codes → duty statuses; the remark becomes the log's one remark. */
export function mapHosLog(payload: unknown): NormalizedHosLog {
  const log = parsePayload(PROVIDER, sandboxHosLog, payload, "HOS log");
  return {
    sourceId: log.id,
    status: STATUS_OF[log.status],
    driverSourceId: log.driverId,
    ...(log.vehicleId ? { vehicleSourceId: log.vehicleId } : {}),
    ...(log.codriverIds?.length ? { codriverSourceIds: log.codriverIds } : {}),
    location: { latitude: log.location.lat, longitude: log.location.lng },
    ...(log.remark ? { remarks: [{ notes: log.remark, submittedAt: log.startTime }] } : {}),
    startedAt: log.startTime,
    ...(log.endTime ? { endedAt: log.endTime } : {}),
  };
}
