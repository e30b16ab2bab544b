import type { NormalizedVehicle } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readList } from "../listing";
import { ENDPOINTS } from "../pace";
import { azugaTrackee } from "../payloads";

/** Vehicles are the trackees, `POST /trackees.json?limit&offset` (body `{}`; a GET is refused). */
export const azugaVehicles: ProviderModel<"vehicles"> = {
  pace: ENDPOINTS.trackees,
  read: (request) => readList(request, { model: "vehicles", bucket: ENDPOINTS.trackees, path: "/trackees.json" }),
  normalize: mapVehicle,
};

/**
 * A trackee: `name` (not `trackeeName` here) is the vehicle's name, `licensePlateNo` its plate
 * (no state), its group when the row names one. The list has no status, so every listed vehicle
 * is active; a trackee that is not a vehicle (`trackeeTypeId` other than 1) is still a vehicle here.
 */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const trackee = parsePayload(PROVIDER, azugaTrackee, payload, "trackee");
  const name = nonBlank(trackee.name);
  const vin = nonBlank(trackee.vin);
  const make = nonBlank(trackee.make);
  const model = nonBlank(trackee.model);
  const year = Number(trackee.year);
  const plate = nonBlank(trackee.licensePlateNo);
  return {
    sourceId: trackee.trackeeId,
    status: "active",
    ...(name !== undefined ? { name } : {}),
    ...(vin !== undefined ? { vin: vin.toUpperCase() } : {}),
    ...(make !== undefined ? { make } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(Number.isInteger(year) && year > 1900 ? { year } : {}),
    ...(plate !== undefined ? { licensePlate: { number: plate } } : {}),
    groupSourceIds: [],
    deviceSourceIds: [],
  };
}
