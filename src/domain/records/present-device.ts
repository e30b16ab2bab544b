import type { DeviceRow, VehicleRow } from "../../db/schema";
import type { RawEntry } from "../../model/normalized";
import { isoOrUndefined, type MetadataView, optional, presentMetadata, presentRaw, reference } from "./present-common";
import { presentVehicle, type VehicleView } from "./present-vehicle";
import type { ReadRow } from "./read-columns";

export type DeviceView = {
  id: string;
  sourceId: string;
  provider: string;
  type: DeviceRow["type"];
  vehicle?: string | VehicleView;
  description?: string;
  serialNumber?: string;
  lastConnectedAt?: string;
  metadata: MetadataView;
  raw?: RawEntry[];
};

/** A device (wire-compat.md "Other resource shapes"); `vehicles` loaded turns `vehicle` into the vehicle object. */
export function presentDevice(
  row: ReadRow<DeviceRow>,
  options: { raw?: boolean; vehicles?: ReadonlyMap<string, ReadRow<VehicleRow>> } = {},
): DeviceView {
  return {
    id: row.id,
    sourceId: row.sourceId,
    provider: row.provider,
    type: row.type,
    ...optional(
      "vehicle",
      row.vehicleId === null
        ? undefined
        : reference(row.vehicleId, options.vehicles, (vehicle) => presentVehicle(vehicle)),
    ),
    ...optional("description", row.description),
    ...optional("serialNumber", row.serialNumber),
    ...optional("lastConnectedAt", isoOrUndefined(row.lastConnectedAt)),
    metadata: presentMetadata(row),
    ...presentRaw(options.raw, row.raw),
  };
}
