import type { NormalizedTrip } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE, round2 } from "../../kit/units";
import { requireWindow } from "../../kit/windows";
import type { ProviderModel } from "../../types";
import { sandboxListing, windowListing } from "../listing";
import { PROVIDER } from "../payloads";
import { type SandboxTrip, sandboxTrip } from "../series-payloads";
import { tripsOfDay } from "../simulation/trips";
import { iso } from "../time";

/** `GET /trips`: the completed trips that started in the window. */
export const sandboxTrips: ProviderModel<"trips"> = {
  pace: NOT_PACED,
  read: sandboxListing("trips", (fleet, window) => {
    const { start, end } = requireWindow(PROVIDER, "trips", window);
    const [from, to] = [start.getTime(), end.getTime()];
    return windowListing("sandbox.trips.list", fleet, { start, end }, (vehicle, day) =>
      tripsOfDay(fleet, vehicle, day, fleet.vehicleUntil(vehicle))
        .filter((trip) => trip.startedAt >= from && trip.startedAt < to)
        .map(
          (trip): SandboxTrip => ({
            id: trip.id,
            vehicleId: trip.vehicleId,
            ...(trip.driverId ? { driverId: trip.driverId } : {}),
            startTime: iso(trip.startedAt),
            endTime: iso(trip.endedAt),
            start: { lat: trip.startLocation.lat, lng: trip.startLocation.lng },
            end: { lat: trip.endLocation.lat, lng: trip.endLocation.lng },
            distanceMiles: Math.round((trip.distanceKm / KM_PER_MILE) * 1000) / 1000,
          }),
        ),
    );
  }),
  normalize: mapTrip,
};

/** Miles → km. */
export function mapTrip(payload: unknown): NormalizedTrip {
  const trip = parsePayload(PROVIDER, sandboxTrip, payload, "trip");
  return {
    sourceId: trip.id,
    vehicleSourceId: trip.vehicleId,
    ...(trip.driverId ? { driverSourceId: trip.driverId } : {}),
    startLocation: { latitude: trip.start.lat, longitude: trip.start.lng },
    endLocation: { latitude: trip.end.lat, longitude: trip.end.lng },
    distance: round2(trip.distanceMiles * KM_PER_MILE),
    startedAt: trip.startTime,
    endedAt: trip.endTime,
  };
}
