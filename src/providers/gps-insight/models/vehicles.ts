import type { NormalizedVehicle } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel, ProviderPage, ReadRequest } from "../../types";
import { GpsInsightClient, PROVIDER } from "../client";
import { gpsInsightVehiclePayload } from "../payloads";
import { fuelTypeOf } from "../values";
import { groupsOf, vehiclePage } from "../vehicle-groups";

/**
 * Vehicles are `vehicle/list?details=1` (every vehicle the user may see, whole: GPS Insight pages
 * nothing), walked in id order a few vehicles a page, each with its `vehicle/listvehiclegroups`.
 */
export const gpsInsightVehicles: ProviderModel<"vehicles"> = {
  pace: "calls",
  read: readVehicles,
  normalize: mapVehicle,
};

async function readVehicles(request: ReadRequest): Promise<ProviderPage> {
  const client = GpsInsightClient.of(request);
  const rows = await client.list("vehicle/list", { details: "1" });
  // A row without an id cannot be placed in the walk: it reaches normalize, which refuses it.
  const withIds = rows.flatMap((row) => {
    const id = (row as { id?: unknown } | null)?.id;
    return typeof id === "string" || typeof id === "number" ? [{ id: String(id), row }] : [];
  });
  const { page, nextCursor } = vehiclePage(request, "vehicles", withIds);
  const items: unknown[] = [];
  for (const { id, row } of page) items.push({ vehicle: row, groups: await groupsOf(client, id) });
  if (request.cursor === undefined) items.push(...rows.filter((row) => !withIds.some((entry) => entry.row === row)));
  return { items, schema: "vehicle/list+vehicle/listvehiclegroups", ...(nextCursor ? { nextCursor } : {}) };
}

/**
 * A vehicle: `label` is its name, its groups those `vehicle/listvehiclegroups` gives. The list
 * holds the vehicles in service only and no status, creation or fuel-economy field, so every
 * vehicle is active and has none of those; the tracking unit (`serial_number`) is not read as a
 * device here.
 */
export function mapVehicle(payload: unknown): NormalizedVehicle {
  const { vehicle, groups } = parsePayload(PROVIDER, gpsInsightVehiclePayload, payload, "vehicle");
  const name = nonBlank(vehicle.label);
  const vin = nonBlank(vehicle.vin);
  const make = nonBlank(vehicle.make);
  const model = nonBlank(vehicle.model);
  const year = vehicle.model_year;
  const state = nonBlank(vehicle.license_state);
  const number = nonBlank(vehicle.license_number);
  const fuelType = fuelTypeOf(vehicle.fuel_type);
  return {
    sourceId: vehicle.id,
    status: "active",
    ...(name !== undefined ? { name } : {}),
    ...(vin !== undefined ? { vin: vin.toUpperCase() } : {}),
    ...(make !== undefined ? { make } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(year !== undefined && year !== null && Number.isInteger(year) && year > 1900 ? { year } : {}),
    ...(state !== undefined || number !== undefined
      ? { licensePlate: { ...(state !== undefined ? { state } : {}), ...(number !== undefined ? { number } : {}) } }
      : {}),
    ...(fuelType !== undefined ? { fuelType } : {}),
    groupSourceIds: [...new Set(groups.map((group) => group.group_id))],
    deviceSourceIds: [],
  };
}
