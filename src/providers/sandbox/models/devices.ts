import type { NormalizedDevice } from "../../../model/normalized";
import { NOT_PACED } from "../../kit/define-adapter";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { entityListing, sandboxListing } from "../listing";
import { PROVIDER, sandboxDevice } from "../payloads";

/** `GET /devices`: one cell per vehicle slot, holding its gateway and dashcam. */
export const sandboxDevices: ProviderModel<"devices"> = {
  pace: NOT_PACED,
  read: sandboxListing("devices", (fleet) =>
    entityListing("sandbox.devices.list", fleet.vehicles.slots, (slot) => fleet.devicesInSlot(slot)),
  ),
  normalize: mapDevice,
};

export function mapDevice(payload: unknown): NormalizedDevice {
  const device = parsePayload(PROVIDER, sandboxDevice, payload, "device");
  return {
    sourceId: device.id,
    type: device.kind === "dashcam" ? "camera" : "tracker",
    ...(device.vehicleId !== undefined ? { vehicleSourceId: device.vehicleId } : {}),
    description: device.productName,
    serialNumber: device.serial,
    lastConnectedAt: device.lastHeardAt,
    createdAt: device.createdAt,
    updatedAt: device.updatedAt,
  };
}
