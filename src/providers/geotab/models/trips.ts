import type { Location, NormalizedTrip } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { type Dated, type DeviceSeries, readDeviceSeries } from "../device-series";
import { geotabClient } from "../login";
import { type GeotabTripWithPrevious, geotabTripWithPrevious } from "../payloads";
import { driverIdOf } from "../values";

/**
 * Trips are Geotab's Trips that started in the window, read device by device (device-series.ts),
 * in MyGeotab's one pace for calls (providers.md 3.3). Each payload is one Trip with the
 * device's trip before it: a Trip holds only where it stopped (`stopPoint`), and it started
 * where the one before it stopped.
 */
export const geotabTrips: ProviderModel<"trips"> = {
  pace: "calls",
  read: (request) => readDeviceSeries(geotabClient(request), request, TRIPS),
  normalize: mapTrip,
};

const TRIPS: DeviceSeries = {
  model: "trips",
  schema: "geotab.Trip",
  typeName: "Trip",
  // With includeOverlappedTrips the answer also holds the trip whose stop reaches into the
  // range (its nextTripStart is at or after fromDate): the one before the first trip read.
  calls: (id, fromDate, toDate, resultsLimit) => [
    {
      method: "Get",
      params: {
        typeName: "Trip",
        search: { deviceSearch: { id }, fromDate, toDate, includeOverlappedTrips: true },
        resultsLimit,
      },
    },
  ],
  callLimit: (limit) => limit,
  timeOf: (record) => {
    const start = (record as { start?: unknown } | null)?.start;
    return typeof start === "string" ? Date.parse(start) : Number.NaN;
  },
  payloads: withPreviousTrips,
};

/** The trips that started in [from, until), each with the trip that started last before it. */
function withPreviousTrips(records: readonly Dated[], from: number, until: number): unknown[] {
  const payloads: unknown[] = [];
  let previous: Dated | undefined;
  for (const [index, current] of records.entries()) {
    // The same trip twice (a repeated record) is not its own previous trip.
    if (index > 0 && records[index - 1]!.time < current.time) previous = records[index - 1];
    if (current.time < from || current.time >= until) continue;
    payloads.push({ trip: current.record, ...(previous ? { previousTrip: previous.record } : {}) });
  }
  return payloads;
}

/** A Trip: driving from `start` to `stop` (km); it ends at its `stopPoint` and starts at the previous trip's. */
export function mapTrip(payload: unknown): NormalizedTrip {
  const { trip, previousTrip } = parsePayload(PROVIDER, geotabTripWithPrevious, payload, "Trip");
  const start = Date.parse(trip.start);
  const stop = Date.parse(trip.stop);
  if (stop < start) throw new ProviderError("malformed", `Geotab: trip ${trip.id} stops before it starts.`);
  checkPrevious(trip, previousTrip);
  const driver = driverIdOf(trip.driver);
  const startPoint = previousTrip?.stopPoint;
  return {
    sourceId: trip.id,
    vehicleSourceId: trip.device.id,
    ...(driver !== undefined ? { driverSourceId: driver } : {}),
    ...(startPoint ? { startLocation: locationOf(startPoint) } : {}),
    ...(trip.stopPoint ? { endLocation: locationOf(trip.stopPoint) } : {}),
    distance: round2(trip.distance),
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(stop).toISOString(),
  };
}

/** The trip handed on as the one before must be an earlier trip of the same device. */
function checkPrevious(trip: GeotabTripWithPrevious["trip"], previous: GeotabTripWithPrevious["previousTrip"]): void {
  if (previous === undefined) return;
  if (previous.device.id !== trip.device.id || Date.parse(previous.start) >= Date.parse(trip.start)) {
    throw new ProviderError("malformed", `Geotab: the trip before ${trip.id} is not an earlier trip of its device.`);
  }
}

/** Geotab's `{ x: longitude, y: latitude }`. */
const locationOf = (point: { x: number; y: number }): Location => ({ latitude: point.y, longitude: point.x });
