import { recordIds } from "../../lib/record-ids";
import type { NormalizedVehicle } from "../../model/normalized";
import { type Item, jsonOrNull, round2OrNull, toMs, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = [
  "status",
  "name",
  "vin",
  "make",
  "model",
  "year",
  "license_plate",
  "fuel_type",
  "fuel_efficiency",
  "fuel_tank_capacity",
  "group_ids",
  "device_ids",
  "source_created_at",
  "source_updated_at",
];

/** Writes a page of vehicles, then refreshes their visibility under the connection's vehicle filters. */
export function writeVehicles(context: WriteContext, items: Item<NormalizedVehicle>[]) {
  const target = { table: "vehicles", kind: "vehicle", columns: COLUMNS, filteredBy: "vehicles" } as const;
  return writeRecords(context, target, items, async (vehicle) => [
    vehicle.status,
    vehicle.name ?? null,
    vehicle.vin ?? null,
    vehicle.make ?? null,
    vehicle.model ?? null,
    vehicle.year ?? null,
    jsonOrNull(vehicle.licensePlate),
    vehicle.fuelType ?? null,
    round2OrNull(vehicle.fuelEfficiency),
    round2OrNull(vehicle.fuelTankCapacity),
    JSON.stringify(await recordIds(context.connection, "group", vehicle.groupSourceIds)),
    JSON.stringify(await recordIds(context.connection, "device", vehicle.deviceSourceIds)),
    toMs(vehicle.createdAt),
    toMs(vehicle.updatedAt),
  ]);
}
