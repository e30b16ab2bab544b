import type { NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel, ReadRequest } from "../../types";
import { PROVIDER, webfleetClient } from "../client";
import { ACTIONS } from "../pace";
import { tripRow } from "../payloads";
import { isoOf, locationOf, rangeParams, textOf } from "../values";

/**
 * Trips are the rows of `showTripReportExtern` over the window, every vehicle in one request
 * (the action allows one a minute: WEBFLEET_TRIPS_PER_MINUTE), those that started in it.
 */
export const webfleetTrips: ProviderModel<"trips"> = {
  pace: ACTIONS.trips,
  read: async (request) => ({ items: await readTripRows(request), schema: `webfleet.${ACTIONS.trips}` }),
  normalize: mapTrip,
};

/** The trip rows that started in the read's window (the report also answers trips overlapping it). */
export async function readTripRows(request: ReadRequest): Promise<unknown[]> {
  const window = requireWindow(PROVIDER, "trips", request.window);
  const rows = await webfleetClient(request).rows(ACTIONS.trips, rangeParams(window));
  return rows.filter((row) => {
    const start = Date.parse(String((row as { start_time?: unknown } | null)?.start_time ?? ""));
    // A row without a readable start is kept, to be reported as malformed rather than lost.
    return Number.isNaN(start) || (start >= window.start.getTime() && start < window.end.getTime());
  });
}

/** A trip: micro-degree ends, `distance` metres to km. */
export function mapTrip(payload: unknown): NormalizedTrip {
  const row = parsePayload(PROVIDER, tripRow, payload, ACTIONS.trips);
  const startedAt = isoOf(row.start_time, `start_time of trip ${row.tripid}`);
  const endedAt = isoOf(row.end_time, `end_time of trip ${row.tripid}`);
  if (endedAt < startedAt) throw new ProviderError("malformed", `Webfleet: trip ${row.tripid} ends before it starts.`);
  const start = locationOf(row.start_latitude, row.start_longitude);
  const end = locationOf(row.end_latitude, row.end_longitude);
  const driver = textOf(row.driveruid);
  return {
    sourceId: String(row.tripid),
    vehicleSourceId: row.objectuid,
    ...(driver !== undefined ? { driverSourceId: driver } : {}),
    ...(start ? { startLocation: start } : {}),
    ...(end ? { endLocation: end } : {}),
    ...(row.distance != null ? { distance: round2(row.distance / 1000) } : {}),
    startedAt,
    endedAt,
  };
}
