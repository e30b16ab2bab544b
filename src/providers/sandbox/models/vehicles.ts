import type { FuelType, NormalizedVehicle } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import { round2 } from "../../kit/units";
import type { ProviderModel } from "../../types";
import { entityListing, present, sandboxListing } from "../listing";
import { PROVIDER, type SandboxFuel, sandboxVehicle } from "../payloads";
import { L_PER_100KM_MPG, LITRES_PER_GALLON } from "../units";

/** `GET /vehicles`: one cell per vehicle slot. */
export const sandboxVehicles: ProviderModel<"vehicles"> = {
  pace: NOT_PACED,
  read: sandboxListing("vehicles", (fleet) =>
    entityListing("sandbox.vehicles.list", fleet.vehicles.slots, (slot) => present(fleet.vehicleInSlot(slot))),
  ),
  normalize: mapVehicle,
};

const FUEL_TYPES: Readonly<Record<SandboxFuel, FuelType>> = {
  diesel: "diesel",
  gasoline: "gasoline",
  electric: "electric",
  hybrid_gasoline: "hybrid_gasoline",
  propane: "propane",
  hybrid_diesel: "hybrid_diesel",
};

/** US mpg → L/100 km and gallons → litres, as the normalized model has them. */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const vehicle = parsePayload(PROVIDER, sandboxVehicle, payload, "vehicle");
  return {
    sourceId: vehicle.id,
    status: vehicle.active ? "active" : "inactive",
    name: vehicle.displayName,
    vin: vehicle.vin,
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.modelYear,
    licensePlate: { state: vehicle.plate.region, number: vehicle.plate.number },
    fuelType: FUEL_TYPES[vehicle.fuel],
    // An electric vehicle has no fuel economy or tank, whatever the payload says.
    ...(vehicle.economyMpg !== undefined && vehicle.fuel !== "electric"
      ? { fuelEfficiency: round2(L_PER_100KM_MPG / vehicle.economyMpg) }
      : {}),
    ...(vehicle.tankGallons !== undefined && vehicle.fuel !== "electric"
      ? { fuelTankCapacity: round2(vehicle.tankGallons * LITRES_PER_GALLON) }
      : {}),
    groupSourceIds: [...vehicle.tagIds],
    deviceSourceIds: [...vehicle.deviceIds],
    createdAt: vehicle.createdAt,
    updatedAt: vehicle.updatedAt,
  };
}
