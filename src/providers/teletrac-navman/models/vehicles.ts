import type { NormalizedVehicle } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER, Tn360Client, Tn360ForbiddenError } from "../client";
import { listVehicles, VEHICLES_PATH } from "../fleet";
import { BUCKETS } from "../pace";
import { tn360Vehicle } from "../payloads";

/** Vehicles: `GET /v1/vehicles`, the whole fleet in one answer (a bare array or `{data, meta}`). */
export const tn360Vehicles: ProviderModel<"vehicles"> = {
  pace: BUCKETS.api,
  read: async (request) => {
    try {
      return { items: await listVehicles(Tn360Client.of(request.context, request.credentials)), schema: VEHICLES_PATH };
    } catch (error) {
      if (!(error instanceof Tn360ForbiddenError)) throw error;
      return { items: [], schema: VEHICLES_PATH, issues: [{ code: "missing_permissions", message: error.message }] };
    }
  },
  normalize: mapVehicle,
};

/**
 * A vehicle: `name`, `vin`, `registration` (and `registrationState`) as its plate. The default
 * listing has no status field the reference describes, so every listed vehicle is active.
 */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const vehicle = parsePayload(PROVIDER, tn360Vehicle, payload, "vehicle");
  const name = nonBlank(vehicle.name);
  const vin = nonBlank(vehicle.vin);
  const plate = nonBlank(vehicle.registration);
  const state = nonBlank(vehicle.registrationState);
  return {
    sourceId: vehicle.id,
    status: "active",
    ...(name !== undefined ? { name } : {}),
    ...(vin !== undefined ? { vin: vin.toUpperCase() } : {}),
    ...(plate !== undefined ? { licensePlate: { number: plate, ...(state !== undefined ? { state } : {}) } } : {}),
    groupSourceIds: [],
    deviceSourceIds: [],
  };
}
