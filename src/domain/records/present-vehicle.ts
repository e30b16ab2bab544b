import type { DeviceRow, GroupRow, VehicleRow } from "../../db/schema";
import type { FuelType, LicensePlate, RawEntry } from "../../model/normalized";
import {
  isoOrUndefined,
  type MetadataView,
  optional,
  presentMetadata,
  presentRaw,
  reference,
  round2,
} from "./present-common";
import { type DeviceView, presentDevice } from "./present-device";
import { type GroupView, presentGroup } from "./present-group";
import type { ReadRow } from "./read-columns";

export type VehicleView = {
  id: string;
  sourceId: string;
  provider: string;
  status: VehicleRow["status"];
  metadata: MetadataView;
  vin?: string;
  name?: string;
  make?: string;
  model?: string;
  year?: number;
  groups: (string | GroupView)[];
  devices: (string | DeviceView)[];
  licensePlate?: LicensePlate;
  fuelType?: FuelType;
  fuelEfficiency?: number;
  fuelTankCapacity?: number;
  createdAt?: string;
  updatedAt?: string;
  raw?: RawEntry[];
};

/**
 * A vehicle (contract 2.4). `groups` and `devices` loaded (for `expand`) turn the ids into
 * objects, whose own references stay ids. `createdAt`/`updatedAt` are the provider's.
 */
export function presentVehicle(
  row: ReadRow<VehicleRow>,
  options: {
    raw?: boolean;
    groups?: ReadonlyMap<string, ReadRow<GroupRow>>;
    devices?: ReadonlyMap<string, ReadRow<DeviceRow>>;
  } = {},
): VehicleView {
  return {
    id: row.id,
    sourceId: row.sourceId,
    provider: row.provider,
    status: row.status,
    metadata: presentMetadata(row),
    ...optional("vin", row.vin),
    ...optional("name", row.name),
    ...optional("make", row.make),
    ...optional("model", row.model),
    ...optional("year", row.year),
    groups: row.groupIds.map((id) => reference(id, options.groups, (group) => presentGroup(group))),
    devices: row.deviceIds.map((id) => reference(id, options.devices, (device) => presentDevice(device))),
    ...optional("licensePlate", row.licensePlate),
    ...optional("fuelType", row.fuelType),
    ...optional("fuelEfficiency", row.fuelEfficiency === null ? undefined : round2(row.fuelEfficiency)),
    ...optional("fuelTankCapacity", row.fuelTankCapacity === null ? undefined : round2(row.fuelTankCapacity)),
    ...optional("createdAt", isoOrUndefined(row.sourceCreatedAt)),
    ...optional("updatedAt", isoOrUndefined(row.sourceUpdatedAt)),
    ...presentRaw(options.raw, row.raw),
  };
}
