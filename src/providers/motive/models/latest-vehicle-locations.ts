import type { NormalizedLatestLocation } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { PROVIDER } from "../client";
import { readLocatedSnapshot } from "../located-snapshot";
import { engineRuntimeMs, engineStateAt, headingOf, odometerKm, speedKmh } from "../point-readings";
import { motiveCurrentLocation } from "../series-payloads";
import { iso, round2 } from "../values";

/**
 * The live snapshot, `GET /v3/vehicle_locations` (providers-families.md 2.1), at the adapter's
 * one conservative pace. v3 rather than v1: its speeds are documented in kph (v1's unit is an
 * open question) and it is Motive's realtime cache of the Vehicle Gateways' telemetry (odometer,
 * engine hours, fuel level). It lists only vehicles with a Vehicle Gateway, the ones Motive
 * locates itself.
 */
export const motiveLatestVehicleLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: "api",
  read: readLatestLocations,
  normalize: mapLatestLocation,
};

const SCHEMA = "/v3/vehicle_locations";

function readLatestLocations(request: ReadRequest): Promise<ProviderPage> {
  return readLocatedSnapshot(request, { path: SCHEMA, list: "vehicles", item: "vehicle", what: "Vehicle locations" });
}

/** A vehicle's current location: position, driver, speed (km/h), odometer (km), fuel level, engine. */
export function mapLatestLocation(payload: unknown): NormalizedLatestLocation {
  const { metric_units: metric, vehicle } = parsePayload(PROVIDER, motiveCurrentLocation, payload, "vehicle location");
  const point = vehicle.current_location;
  if (point.lat == null || point.lon == null) {
    throw new ProviderError("malformed", `${PROVIDER}: vehicle ${vehicle.id}'s current location has no coordinates.`);
  }
  const address = nonBlank(point.description);
  const heading = headingOf(point);
  const speed = speedKmh(point);
  const odometer = odometerKm(point, metric);
  const engineState = engineStateAt(point);
  const engineRuntime = engineRuntimeMs(point);
  const primary = point.fuel_primary_remaining_percentage;
  const secondary = point.fuel_secondary_remaining_percentage;
  const driver = vehicle.current_driver ?? point.driver;
  return {
    vehicleSourceId: String(vehicle.id),
    ...(driver ? { driverSourceId: String(driver.id) } : {}),
    locatedAt: iso(point.located_at),
    location: { latitude: point.lat, longitude: point.lon },
    ...(address !== undefined ? { address } : {}),
    ...(heading !== undefined ? { heading } : {}),
    ...(speed !== undefined ? { speed } : {}),
    ...(odometer !== undefined ? { odometer } : {}),
    ...(primary != null
      ? {
          fuel: {
            primaryPercentage: round2(primary),
            ...(secondary != null ? { secondaryPercentage: round2(secondary) } : {}),
          },
        }
      : {}),
    ...(engineState !== undefined ? { engineState } : {}),
    ...(engineRuntime !== undefined ? { engineRuntime } : {}),
  };
}
