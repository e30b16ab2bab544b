import type { FuelType, NormalizedVehicle } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { motiveListing } from "../listing";
import { motiveVehicle } from "../payloads";
import { licence, present, timestamps } from "../values";

/** `GET /v1/vehicles`, at the adapter's one conservative pace (providers.md 2.3). */
export const motiveVehicles: ProviderModel<"vehicles"> = {
  pace: "api",
  read: motiveListing({ path: "/v1/vehicles", list: "vehicles", item: "vehicle", what: "vehicles", essential: true }),
  normalize: mapVehicle,
};

/**
 * Motive's fuels → ours. Biodiesel burns in diesel engines and the ethanol blends in petrol
 * engines; the gases, methanol and `other` have no counterpart, so they stay unset. Motive's
 * documented list has no `electric`, but it is read should Motive send it.
 */
const FUEL_TYPES: Readonly<Record<string, FuelType>> = {
  diesel: "diesel",
  biodiesel: "diesel",
  gasoline: "gasoline",
  ethanol: "gasoline",
  e85: "gasoline",
  propane: "propane",
  electric: "electric",
};

export function mapVehicle(payload: unknown): NormalizedVehicle {
  const vehicle = parsePayload(PROVIDER, motiveVehicle, payload, "vehicle");
  const year = vehicle.year == null ? undefined : Number.parseInt(String(vehicle.year), 10);
  const fuelType = vehicle.fuel_type ? FUEL_TYPES[vehicle.fuel_type] : undefined;
  const plate = licence(vehicle.license_plate_state, vehicle.license_plate_number);
  return {
    sourceId: String(vehicle.id),
    status: vehicle.status === "active" ? "active" : "inactive",
    ...present("name", vehicle.number),
    ...present("vin", vehicle.vin),
    ...present("make", vehicle.make),
    ...present("model", vehicle.model),
    ...(year !== undefined && Number.isInteger(year) && year >= 1900 && year <= 2100 ? { year } : {}),
    ...(plate ? { licensePlate: plate } : {}),
    ...(fuelType ? { fuelType } : {}),
    // Motive's vehicle has no fuel economy or tank capacity.
    groupSourceIds: (vehicle.group_ids ?? []).map(String),
    deviceSourceIds: vehicle.eld_device ? [String(vehicle.eld_device.id)] : [],
    ...timestamps(vehicle),
  };
}
