import type { DutyStatus } from "../../../hos/duty-status";
import type { SandboxFleet } from "../fleet";
import type { VehicleProfile } from "../fleet-vehicles";
import { dayOf } from "../time";
import { driverOf } from "./driver";
import { isDeliberatelyIllegal } from "./duty-illegal";
import { type DutyPiece, shiftPieces } from "./duty-shift";

export { isDeliberatelyIllegal };

/**
 * One duty status of a driver's log, as an ELD records it: epoch ms in whole seconds, `end`
 * null while it is under way at the fleet's clock; where the vehicle stood when it began.
 */
export type SimDutyPeriod = {
  status: DutyStatus;
  start: number;
  end: number | null;
  driverId: string;
  vehicleId?: string;
  location: { lat: number; lng: number };
  remark?: string;
};

/**
 * The duty periods of the vehicle's usual driver that start on UTC day `day` and by `until`
 * (the fleet's clock; the vehicle's deletion ends its log earlier), read from the same day
 * plans as its trips: each trip is driving, the rest of the working day on duty (but long
 * breaks), a 10-minute inspection at each end, and a rest (sleeper berth for long-haul
 * trucks) to the next working day (duty-shift.ts). Only from when both the vehicle and the
 * driver existed; none for a vehicle without a usual driver.
 */
export function dutyPeriodsOfDay(
  fleet: SandboxFleet,
  vehicle: VehicleProfile,
  day: number,
  until: number,
): SimDutyPeriod[] {
  const end = Math.min(until, fleet.vehicleUntil(vehicle));
  if (dayOf(end) < day) return [];
  const driverAt = driverOf(fleet, vehicle);
  const illegal = isDeliberatelyIllegal(fleet, vehicle);
  // The day before's log can run past midnight: a late post-trip, or the rest that follows it.
  const lived = [
    ...shiftPieces(fleet.seed, vehicle, day - 1, illegal),
    ...shiftPieces(fleet.seed, vehicle, day, illegal),
  ].filter((piece) => piece.start >= vehicle.createdAt && driverAt(piece.start) !== undefined);
  const periods: SimDutyPeriod[] = [];
  for (const piece of merged(lived)) {
    if (dayOf(piece.start) !== day || piece.start > end) continue;
    periods.push({
      status: piece.status,
      start: piece.start,
      end: piece.end === null || piece.end > end ? null : piece.end,
      driverId: driverAt(piece.start)!,
      ...(piece.inVehicle ? { vehicleId: vehicle.id } : {}),
      location: piece.location,
      ...(piece.remark ? { remark: piece.remark } : {}),
    });
  }
  return periods;
}

/** Consecutive pieces of one status (and remark) are one period: an ELD logs a change of status, not a stop. */
function merged(pieces: readonly DutyPiece[]): DutyPiece[] {
  const out: DutyPiece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (
      last &&
      last.end === piece.start &&
      last.status === piece.status &&
      last.remark === piece.remark &&
      last.inVehicle === piece.inVehicle
    ) {
      out[out.length - 1] = { ...last, end: piece.end };
    } else {
      out.push(piece);
    }
  }
  return out;
}
