import type { NormalizedLocationBatch } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readLocationHistory } from "../location-history";
import { headingOf, speedKmh } from "../point-readings";
import { motiveVehicleLocation } from "../series-payloads";
import { iso } from "../values";

/**
 * Breadcrumbs: each vehicle's location history, `GET /v3/vehicle_locations/{id}` day by day
 * (location-history.ts), at the adapter's one conservative pace. Motive documents at most 10
 * simultaneous requests there; a sync makes one at a time.
 */
export const motiveVehicleLocations: ProviderModel<"vehicleLocations"> = {
  pace: "api",
  read: readLocationHistory("vehicleLocations"),
  normalize: mapVehicleLocation,
};

/**
 * One point → a batch of one: position, heading (`bearing`), speed (km/h), Motive's formatted
 * place (`description`), the driver logged in, the point's own id, and the point as raw.
 */
export function mapVehicleLocation(payload: unknown): NormalizedLocationBatch {
  const { vehicle_id: vehicleId, vehicle_location: point } = parsePayload(
    PROVIDER,
    motiveVehicleLocation,
    payload,
    "vehicle location",
  );
  if (point.lat == null || point.lon == null) {
    throw new ProviderError("malformed", `${PROVIDER}: a location point of vehicle ${vehicleId} has no coordinates.`);
  }
  const heading = headingOf(point);
  const speed = speedKmh(point);
  const address = nonBlank(point.description);
  return {
    vehicleSourceId: String(vehicleId),
    points: [
      {
        locatedAt: iso(point.located_at),
        location: { latitude: point.lat, longitude: point.lon },
        ...(heading !== undefined ? { heading } : {}),
        ...(speed !== undefined ? { speed } : {}),
        ...(address !== undefined ? { address } : {}),
        ...(point.driver ? { driverSourceId: String(point.driver.id) } : {}),
        ...(point.id != null ? { sourceId: String(point.id) } : {}),
        raw: (payload as { vehicle_location: unknown }).vehicle_location,
      },
    ],
  };
}
