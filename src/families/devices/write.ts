import { recordId } from "../../lib/record-ids";
import type { NormalizedDevice } from "../../model/normalized";
import { type Item, toMs, type WriteContext, writeRecords } from "../kit/write";

const COLUMNS = [
  "type",
  "vehicle_id",
  "description",
  "serial_number",
  "last_connected_at",
  "source_created_at",
  "source_updated_at",
];

/** Writes a page of devices; the vehicle is referenced by the id its source id will have. */
export function writeDevices(context: WriteContext, items: Item<NormalizedDevice>[]) {
  return writeRecords(context, { table: "devices", kind: "device", columns: COLUMNS }, items, async (device) => [
    device.type,
    device.vehicleSourceId ? await recordId(context.connection, "vehicle", device.vehicleSourceId) : null,
    device.description ?? null,
    device.serialNumber ?? null,
    toMs(device.lastConnectedAt),
    toMs(device.createdAt),
    toMs(device.updatedAt),
  ]);
}
