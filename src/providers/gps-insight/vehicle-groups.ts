import type { SyncModel } from "../../model/normalized";
import { clampPageSize } from "../kit/page-size";
import type { ReadRequest } from "../types";
import type { GpsInsightClient } from "./client";
import { decodeCursor, encodeCursor } from "./cursor";
import { compare, idsAfter } from "./vehicle-ids";

/** Vehicles whose groups are asked per page: each is one `vehicle/listvehiclegroups` request. */
export const VEHICLES_PER_PAGE = 25;

/** A page of the vehicle walk: the vehicles after the cursor's, and the cursor after them. */
export function vehiclePage<T extends { id: string }>(
  request: ReadRequest,
  model: Extract<SyncModel, "vehicles" | "groups" | "latestVehicleLocations">,
  vehicles: readonly T[],
): { page: T[]; nextCursor?: string } {
  const after = decodeCursor(request.cursor, model, "after")?.id;
  const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const rest = idsAfter([...byId.keys()].sort(compare), after);
  const ids = rest.slice(0, clampPageSize(request.pageSize, VEHICLES_PER_PAGE));
  const last = ids.at(-1);
  return {
    page: ids.map((id) => byId.get(id)!),
    ...(rest.length > ids.length && last !== undefined
      ? { nextCursor: encodeCursor(model, { k: "after", id: last }) }
      : {}),
  };
}

/** `vehicle/listvehiclegroups` of one vehicle: its group rows, untouched. */
export const groupsOf = (client: GpsInsightClient, vehicleId: string) =>
  client.list("vehicle/listvehiclegroups", { vehicle: vehicleId });
