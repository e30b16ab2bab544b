import type { NormalizedVehicle } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { samsaraList } from "../listing";
import { samsaraVehicle } from "../payloads";
import { isoTime, modelYear, optional, unique } from "../values";

/** `GET /fleet/vehicles`, in the fleet tier of Samsara's limits (providers.md 1.3). */
export const samsaraVehicles: ProviderModel<"vehicles"> = {
  pace: "fleet",
  read: samsaraList("vehicles", "samsara.fleet.vehicles", "/fleet/vehicles"),
  normalize: mapVehicle,
};

/**
 * Samsara vehicles have no status (every listed vehicle is active), no fuel type, economy or
 * tank, and a plate without its state. Devices are the gateway (by serial) and the dash cam.
 */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const vehicle = parsePayload(PROVIDER, samsaraVehicle, payload, "vehicle");
  const plate = nonBlank(vehicle.licensePlate);
  const year = modelYear(vehicle.year);
  const devices = [nonBlank(vehicle.gateway?.serial) ?? nonBlank(vehicle.serial), nonBlank(vehicle.cameraSerial)];
  return {
    sourceId: vehicle.id,
    status: "active",
    ...optional("name", nonBlank(vehicle.name)),
    ...optional("vin", nonBlank(vehicle.vin)),
    ...optional("make", nonBlank(vehicle.make)),
    ...optional("model", nonBlank(vehicle.model)),
    ...optional("year", year),
    ...(plate ? { licensePlate: { number: plate } } : {}),
    groupSourceIds: unique((vehicle.tags ?? []).map((tag) => tag.id)),
    deviceSourceIds: unique(devices.filter((serial): serial is string => serial !== undefined)),
    ...optional("createdAt", isoTime(vehicle.createdAtTime)),
    ...optional("updatedAt", isoTime(vehicle.updatedAtTime)),
  };
}
