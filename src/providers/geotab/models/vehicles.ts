import type { NormalizedVehicle } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readFeed } from "../feed";
import { geotabClient } from "../login";
import { geotabDevice } from "../payloads";
import { activeFrom, groupIds, hasHardware, registration, statusOf } from "../values";

/** Vehicles are Devices (the GetFeed of Device), in MyGeotab's one pace for calls (providers.md 3.3). */
export const geotabVehicles: ProviderModel<"vehicles"> = {
  pace: "calls",
  read: (request) => readFeed(geotabClient(request), "vehicles", "Device", request, () => true),
  normalize: mapVehicle,
};

/** A Device is Geotab's vehicle (and the GO device installed in it): no make, model, year or fuel type. */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const device = parsePayload(PROVIDER, geotabDevice, payload, "Device");
  const name = nonBlank(device.name);
  const vin = nonBlank(device.vehicleIdentificationNumber) ?? nonBlank(device.engineVehicleIdentificationNumber);
  const licensePlate = registration(device.licenseState, device.licensePlate);
  const createdAt = activeFrom(device.activeFrom);
  return {
    sourceId: device.id,
    status: statusOf(device.activeTo),
    ...(name !== undefined ? { name } : {}),
    ...(vin !== undefined ? { vin: vin.toUpperCase() } : {}),
    ...(licensePlate ? { licensePlate } : {}),
    groupSourceIds: groupIds(device.groups),
    deviceSourceIds: hasHardware(device) ? [device.id] : [],
    ...(createdAt !== undefined ? { createdAt } : {}),
  };
}
