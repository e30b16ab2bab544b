import type { z } from "@hono/zod-openapi";
import { type DeviceRecord, presentExpandedDevice } from "../devices/expanded";
import { type GroupRecord, presentExpandedGroup } from "../groups/expanded";
import { presentRaw, reference } from "../kit/present";
import { presentExpandedVehicle, type VehicleRecord } from "./expanded";
import type { VehicleSchema } from "./schema";

/** A vehicle (contract 2.4); `groups` and `devices` loaded turn the ids into objects, whose own references stay ids. */
export function presentVehicle(
  row: VehicleRecord,
  options: {
    raw?: boolean;
    expanded?: { groups?: ReadonlyMap<string, GroupRecord>; devices?: ReadonlyMap<string, DeviceRecord> };
  } = {},
): z.infer<typeof VehicleSchema> {
  return {
    ...presentExpandedVehicle(row),
    groups: row.groupIds.map((id) => reference(id, options.expanded?.groups, presentExpandedGroup)),
    devices: row.deviceIds.map((id) => reference(id, options.expanded?.devices, presentExpandedDevice)),
    ...presentRaw(options.raw, row.raw),
  };
}
