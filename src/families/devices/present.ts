import type { z } from "@hono/zod-openapi";
import { optionalReference, presentRaw } from "../kit/present";
import { presentExpandedVehicle, type VehicleRecord } from "../vehicles/expanded";
import { type DeviceRecord, presentExpandedDevice } from "./expanded";
import type { DeviceSchema } from "./schema";

/** A device (wire-compat.md "Other resource shapes"); `vehicle` loaded turns the vehicle's id into the object. */
export function presentDevice(
  row: DeviceRecord,
  options: { raw?: boolean; expanded?: { vehicle?: ReadonlyMap<string, VehicleRecord> } } = {},
): z.infer<typeof DeviceSchema> {
  return {
    ...presentExpandedDevice(row),
    ...optionalReference("vehicle", row.vehicleId, options.expanded?.vehicle, presentExpandedVehicle),
    ...presentRaw(options.raw, row.raw),
  };
}
