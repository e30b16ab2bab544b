import type { NormalizedLatestLocation } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { KM_PER_MILE, round2 } from "../../kit/units";
import type { ProviderModel } from "../../types";
import { entityListing, sandboxListing } from "../listing";
import { PROVIDER } from "../payloads";
import { type SandboxVehicleLocation, sandboxVehicleLocation } from "../series-payloads";
import { vehicleStateAt } from "../simulation/state";
import { iso } from "../time";

/**
 * `GET /vehicles/locations`: each listed vehicle where it is at the fleet's clock (its last
 * breadcrumb), one cell per vehicle slot; a vehicle that has not driven yet has no location.
 */
export const sandboxLatestLocations: ProviderModel<"latestVehicleLocations"> = {
  pace: NOT_PACED,
  read: sandboxListing("latestVehicleLocations", (fleet) =>
    entityListing("sandbox.vehicles.locations", fleet.vehicles.slots, (slot) => {
      const vehicle = fleet.presentVehicle(slot);
      const state = vehicle && vehicleStateAt(fleet, vehicle, fleet.vehicleUntil(vehicle));
      if (!vehicle || !state) return [];
      const payload: SandboxVehicleLocation = {
        vehicleId: vehicle.id,
        ...(state.driverId ? { driverId: state.driverId } : {}),
        time: iso(state.t),
        lat: state.lat,
        lng: state.lng,
        headingDegrees: state.heading,
        speedMph: Math.round((state.speedKph / KM_PER_MILE) * 1000) / 1000,
        nearestCity: state.address,
        odometerMiles: Math.round((state.odometerKm / KM_PER_MILE) * 1000) / 1000,
        fuelPercent: state.fuelPercent,
        engineState: state.engineState,
        engineSeconds: Math.round(state.engineRuntimeMs / 1000),
      };
      return [payload];
    }),
  ),
  normalize: mapVehicleLocation,
};

/** mph → km/h, miles → km, seconds → ms. */
export function mapVehicleLocation(payload: unknown): NormalizedLatestLocation {
  const location = parsePayload(PROVIDER, sandboxVehicleLocation, payload, "vehicle location");
  return {
    vehicleSourceId: location.vehicleId,
    ...(location.driverId ? { driverSourceId: location.driverId } : {}),
    locatedAt: location.time,
    location: { latitude: location.lat, longitude: location.lng },
    ...(location.nearestCity ? { address: location.nearestCity } : {}),
    heading: location.headingDegrees,
    speed: round2(location.speedMph * KM_PER_MILE),
    odometer: round2(location.odometerMiles * KM_PER_MILE),
    fuel: { primaryPercentage: location.fuelPercent },
    engineState: location.engineState,
    engineRuntime: location.engineSeconds * 1000,
  };
}
