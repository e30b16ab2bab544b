import type { SyncModel } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { decodeSandboxCursor, encodeSandboxCursor } from "../cursor";
import { faultCodePayloadsBetween } from "../fault-code-payloads";
import type { SandboxFleet } from "../fleet";
import { trailerPayload } from "../fleet-trailers";
import { type VehicleProfile, vehiclePayload } from "../fleet-vehicles";
import { entityListing, type Listing, pageOfListing, present } from "../listing";
import { DAY_MS } from "../time";
import { errorResponse, jsonResponse } from "./responses";
import type { RouteContext } from "./router";

/**
 * The sandbox API's fleet endpoints, answered from the simulated fleet at the connection's
 * current revision: lists paged by an opaque cursor that pins the revision of their first page,
 * one vehicle, and a vehicle's trouble codes over a time range.
 */

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
const DEFAULT_FAULT_DAYS = 7;
const MAX_FAULT_DAYS = 31;

type ListingOf = (fleet: SandboxFleet) => Listing;

const LISTINGS = {
  vehicles: (fleet) => entityListing("vehicles", fleet.vehicles.slots, (slot) => present(fleet.vehicleInSlot(slot))),
  drivers: (fleet) => entityListing("drivers", fleet.drivers.slots, (slot) => present(fleet.driverInSlot(slot))),
  trailers: (fleet) =>
    entityListing("trailers", fleet.trailers.slots, (slot) => {
      const trailer = fleet.presentTrailer(slot);
      return trailer ? [trailerPayload(fleet, trailer)] : [];
    }),
} satisfies Partial<Record<SyncModel, ListingOf>>;

/** `GET /fleet/{vehicles|drivers|trailers}?limit=&cursor=` → `{ data, pagination: { limit, nextCursor } }`. */
export function listRoute(model: keyof typeof LISTINGS) {
  return ({ request, fleetAt }: RouteContext): Response => {
    const limit = integerParam(request.query.get("limit"), DEFAULT_LIMIT);
    if (limit === undefined || limit < 1 || limit > MAX_LIMIT) {
      return errorResponse("invalid_request", `limit must be an integer from 1 to ${MAX_LIMIT}.`);
    }
    const text = request.query.get("cursor");
    try {
      const cursor = text ? decodeSandboxCursor(text, model) : undefined;
      const fleet = fleetAt(cursor?.revision);
      const { items, next } = pageOfListing(LISTINGS[model](fleet), cursor, limit);
      const nextCursor = next ? encodeSandboxCursor({ model, revision: fleet.revision, ...next }) : null;
      return jsonResponse(200, { data: items, pagination: { limit, nextCursor } });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === "malformed") {
        return errorResponse("invalid_request", "cursor is not one this listing returned.");
      }
      throw error;
    }
  };
}

/** `GET /fleet/vehicles/{id}`. */
export function getVehicle({ params, fleetAt }: RouteContext): Response {
  const fleet = fleetAt();
  const vehicle = vehicleOf(fleet, params[0]!);
  return vehicle ? jsonResponse(200, { data: vehiclePayload(fleet, vehicle) }) : vehicleNotFound(params[0]!);
}

/**
 * `GET /fleet/vehicles/{id}/faults?startTime=&endTime=`: the occurrences that overlap the range
 * (the last 7 days by default, 31 at most), each as it stands at the range's end.
 */
export function getVehicleFaults({ request, params, fleetAt }: RouteContext): Response {
  const fleet = fleetAt();
  const vehicle = vehicleOf(fleet, params[0]!);
  if (!vehicle) return vehicleNotFound(params[0]!);
  const end = timeParam(request.query.get("endTime"), fleet.asOf);
  const start = timeParam(request.query.get("startTime"), (end ?? 0) - DEFAULT_FAULT_DAYS * DAY_MS);
  if (start === undefined || end === undefined) {
    return errorResponse("invalid_request", "startTime and endTime must be ISO 8601 date-times.");
  }
  if (end <= start || end - start > MAX_FAULT_DAYS * DAY_MS) {
    return errorResponse("invalid_request", `endTime must be after startTime, by ${MAX_FAULT_DAYS} days at most.`);
  }
  return jsonResponse(200, {
    data: faultCodePayloadsBetween(fleet, vehicle, start, end),
    startTime: new Date(start).toISOString(),
    endTime: new Date(end).toISOString(),
  });
}

/** The vehicle of an id if it is in the fleet now (a deleted one is not found, as with a real provider). */
export function vehicleOf(fleet: SandboxFleet, id: string): VehicleProfile | undefined {
  const match = /^sbx-veh-(\d{6,})$/.exec(id);
  if (!match || fleet.vehicles.slots === 0) return undefined;
  const index = Number(match[1]);
  const vehicle = Number.isSafeInteger(index) ? fleet.presentVehicle(index % fleet.vehicles.slots) : undefined;
  return vehicle?.id === id ? vehicle : undefined;
}

export function vehicleNotFound(id: string): Response {
  return errorResponse("not_found", `No vehicle ${id} in this fleet.`, { id });
}

function integerParam(text: string | null, fallback: number): number | undefined {
  if (text === null) return fallback;
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

function timeParam(text: string | null, fallback: number): number | undefined {
  if (text === null) return fallback;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}
