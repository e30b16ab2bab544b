import type { NormalizedStatBatch } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { SERIES_PAGE_LIMIT, sandboxListing, windowListing } from "../listing";
import { PROVIDER } from "../payloads";
import { type SandboxStatDay, sandboxStatDay } from "../series-payloads";
import { toMetricUnits, toSandboxUnits } from "../series-units";
import { statsOfDay } from "../simulation/stats";
import { DAY_MS, dayString, iso } from "../time";

/** `GET /vehicles/stats/history`: a vehicle-day of readings (every type it has) per payload, within the window. */
export const sandboxVehicleStatLogs: ProviderModel<"vehicleStatLogs"> = {
  pace: NOT_PACED,
  read: sandboxListing("vehicleStatLogs", (fleet, window) => {
    const { start, end } = requireWindow(PROVIDER, "vehicleStatLogs", window);
    return windowListing(
      "sandbox.vehicles.stats.history",
      fleet,
      { start, end },
      (vehicle, day) => {
        const from = Math.max(start.getTime(), day * DAY_MS);
        const to = Math.min(end.getTime(), (day + 1) * DAY_MS);
        const readings = statsOfDay(fleet, vehicle, day, from, to, fleet.vehicleUntil(vehicle));
        if (readings.length === 0) return [];
        const payload: SandboxStatDay = {
          vehicleId: vehicle.id,
          day: dayString(day),
          readings: readings.map((reading) => ({
            type: reading.type,
            time: iso(reading.t),
            value:
              reading.type === "engine_state" || typeof reading.value === "string"
                ? reading.value
                : toSandboxUnits(reading.type, reading.value),
          })),
        };
        return [payload];
      },
      SERIES_PAGE_LIMIT,
    );
  }),
  normalize: mapStatDay,
};

/** Miles, gallons, seconds and °F → km, litres, ms and °C; each reading keeps its own object as its raw payload. */
export function mapStatDay(payload: unknown): NormalizedStatBatch {
  const day = parsePayload(PROVIDER, sandboxStatDay, payload, "stat day");
  return {
    vehicleSourceId: day.vehicleId,
    points: day.readings.flatMap((reading) => {
      const isState = reading.type === "engine_state";
      // A state that is a number, or a number that is a state, is not a reading of its type.
      if (isState !== (typeof reading.value === "string")) return [];
      const value =
        reading.type === "engine_state" || typeof reading.value === "string"
          ? reading.value
          : toMetricUnits(reading.type, reading.value);
      return [{ type: reading.type, timestamp: reading.time, value, raw: reading }];
    }),
  };
}
