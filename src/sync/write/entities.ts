import type { SQL } from "drizzle-orm";
import { contentHash } from "../../lib/content-hash";
import { recordId, recordIds } from "../../lib/record-ids";
import { round2 } from "../../lib/units";
import type { NormalizedDevice, NormalizedDriver, NormalizedGroup, NormalizedVehicle } from "../../model/normalized";
import { jsonOrNull, syncedValues, toMs, type WriteContext } from "./context";
import { upsertSynced } from "./upsert-synced";
import { refreshVisibility } from "./visibility";

type Item<T> = { normalized: T; payload: unknown };

/** A numeric field rounded to 2 decimals, as the API answers it; null when absent. */
const round2OrNull = (value: number | undefined) => (value === undefined ? null : round2(value));

const GROUP_COLUMNS = ["name", "description", "parent_id"];

export async function writeGroups(context: WriteContext, items: Item<NormalizedGroup>[]): Promise<SQL[]> {
  const rows = await Promise.all(
    items.map(async ({ normalized: group, payload }) => [
      ...syncedValues(context, {
        id: await recordId(context.connection, "group", group.sourceId),
        sourceId: group.sourceId,
        hash: contentHash(group),
        payload,
      }),
      group.name,
      group.description ?? null,
      group.parentSourceId ? await recordId(context.connection, "group", group.parentSourceId) : null,
    ]),
  );
  return rows.length ? upsertSynced("groups", GROUP_COLUMNS, rows) : [];
}

const VEHICLE_COLUMNS = [
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

export async function writeVehicles(context: WriteContext, items: Item<NormalizedVehicle>[]): Promise<SQL[]> {
  if (!items.length) return [];
  const rows = await Promise.all(
    items.map(async ({ normalized: vehicle, payload }) => [
      ...syncedValues(context, {
        id: await recordId(context.connection, "vehicle", vehicle.sourceId),
        sourceId: vehicle.sourceId,
        hash: contentHash(vehicle),
        payload,
      }),
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
    ]),
  );
  return [
    ...upsertSynced("vehicles", VEHICLE_COLUMNS, rows),
    refreshVisibility({
      table: "vehicles",
      connectionId: context.connection.id,
      filter: context.connection.filters?.vehicles,
      now: context.now,
      sourceIds: items.map((item) => item.normalized.sourceId),
    }),
  ];
}

const DRIVER_COLUMNS = [
  "status",
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "phone",
  "username",
  "license",
  "group_ids",
  "source_created_at",
  "source_updated_at",
];

export async function writeDrivers(context: WriteContext, items: Item<NormalizedDriver>[]): Promise<SQL[]> {
  if (!items.length) return [];
  const rows = await Promise.all(
    items.map(async ({ normalized: driver, payload }) => [
      ...syncedValues(context, {
        id: await recordId(context.connection, "driver", driver.sourceId),
        sourceId: driver.sourceId,
        hash: contentHash(driver),
        payload,
      }),
      driver.status,
      driver.firstName ?? null,
      driver.middleName ?? null,
      driver.lastName ?? null,
      driver.email ?? null,
      driver.phone ?? null,
      driver.username ?? null,
      jsonOrNull(driver.license),
      JSON.stringify(await recordIds(context.connection, "group", driver.groupSourceIds)),
      toMs(driver.createdAt),
      toMs(driver.updatedAt),
    ]),
  );
  return [
    ...upsertSynced("drivers", DRIVER_COLUMNS, rows),
    refreshVisibility({
      table: "drivers",
      connectionId: context.connection.id,
      filter: context.connection.filters?.drivers,
      now: context.now,
      sourceIds: items.map((item) => item.normalized.sourceId),
    }),
  ];
}

const DEVICE_COLUMNS = ["type", "vehicle_id", "description", "serial_number", "last_connected_at"];

export async function writeDevices(context: WriteContext, items: Item<NormalizedDevice>[]): Promise<SQL[]> {
  const rows = await Promise.all(
    items.map(async ({ normalized: device, payload }) => [
      ...syncedValues(context, {
        id: await recordId(context.connection, "device", device.sourceId),
        sourceId: device.sourceId,
        hash: contentHash(device),
        payload,
      }),
      device.type,
      device.vehicleSourceId ? await recordId(context.connection, "vehicle", device.vehicleSourceId) : null,
      device.description ?? null,
      device.serialNumber ?? null,
      toMs(device.lastConnectedAt),
    ]),
  );
  return rows.length ? upsertSynced("devices", DEVICE_COLUMNS, rows) : [];
}
