import type { NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readReport } from "../listing";
import { ENDPOINTS } from "../pace";
import { azugaTripRow } from "../payloads";
import { isoOfMs, km, locationOf } from "../values";

/**
 * Trips are the trip report, `POST reports/v3/reports/trip` over the window, paged by
 * `index`/`size`: the finished trips that started in the window (one still running is read by a
 * later sync).
 */
export const azugaTrips: ProviderModel<"trips"> = {
  pace: ENDPOINTS.tripReport,
  read: (request) =>
    readReport(request, {
      model: "trips",
      bucket: ENDPOINTS.tripReport,
      report: "trip",
      keep: (row, from, to) => {
        const { startTime, endTime } = (row ?? {}) as { startTime?: unknown; endTime?: unknown };
        // A row without readable times reaches normalize, which refuses it.
        if (typeof startTime !== "number") return true;
        return startTime >= from && startTime < to && endTime !== null && endTime !== undefined;
      },
    }),
  normalize: mapTrip,
};

/** A report row: `tripId`, the vehicle (`vehicleId` = the trackee id), times (epoch ms), ends, `distance` (km). */
export function mapTrip(payload: unknown): NormalizedTrip {
  const row = parsePayload(PROVIDER, azugaTripRow, payload, "trip");
  if (row.endTime === null || row.endTime === undefined || row.endTime < row.startTime) {
    throw new ProviderError("malformed", `${PROVIDER}: trip ${row.tripId} has not ended or ends before it starts.`);
  }
  const start = locationOf(row.startLatitude, row.startLongitude);
  const end = locationOf(row.endLatitude, row.endLongitude);
  const distance = km(row.distance);
  return {
    sourceId: row.tripId,
    vehicleSourceId: row.vehicleId,
    ...(row.driverId ? { driverSourceId: row.driverId } : {}),
    ...(start ? { startLocation: start } : {}),
    ...(end ? { endLocation: end } : {}),
    ...(distance !== undefined ? { distance } : {}),
    startedAt: isoOfMs(row.startTime),
    endedAt: isoOfMs(row.endTime),
  };
}
