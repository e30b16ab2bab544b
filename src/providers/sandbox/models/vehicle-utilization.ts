import type { NormalizedUtilizationDay } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE, round2 } from "../../kit/units";
import { DAY_MS, requireWindow, utcDayStart } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { utilizationDay } from "../activity";
import { present, sandboxListing, windowListing } from "../listing";
import { PROVIDER, sandboxUtilizationDay } from "../payloads";
import { LITRES_PER_GALLON } from "../units";

/** `GET /utilization/daily`: every UTC day that overlaps the window, up to the fleet's clock. */
export const sandboxVehicleUtilization: ProviderModel<"vehicleUtilization"> = {
  pace: NOT_PACED,
  read: sandboxListing("vehicleUtilization", (fleet, window) =>
    windowListing(
      "sandbox.utilization.daily",
      fleet,
      requireWindow(PROVIDER, "vehicleUtilization", window),
      (vehicle, day) => present(utilizationDay(fleet, vehicle, day, fleet.asOf)),
    ),
  ),
  normalize: mapUtilizationDay,
};

/**
 * Miles, US gallons and seconds → km, litres and ms. startAt/endAt are the day's first and last
 * movement; on a day without any, the row covers the whole UTC day.
 */
export function mapUtilizationDay(payload: unknown): NormalizedUtilizationDay {
  const day = parsePayload(PROVIDER, sandboxUtilizationDay, payload, "utilization day");
  const dayStart = utcDayStart(day.day);
  return {
    vehicleSourceId: day.vehicleId,
    date: day.day,
    startAt: day.firstMovementAt ?? new Date(dayStart).toISOString(),
    endAt: day.lastMovementAt ?? new Date(dayStart + DAY_MS).toISOString(),
    distance: round2(day.distanceMiles * KM_PER_MILE),
    fuelConsumed: round2(day.fuelGallons * LITRES_PER_GALLON),
    durations: { driving: Math.round(day.drivingSeconds * 1000), idling: Math.round(day.idlingSeconds * 1000) },
  };
}
