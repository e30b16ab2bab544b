import type { NormalizedDevice } from "../../../model/normalized";
import { parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { motiveListing } from "../listing";
import { motiveEldDevice } from "../payloads";
import { present } from "../values";

/** The ELD devices (`GET /v1/eld_devices`), at the adapter's one conservative pace (providers.md 2.3). */
export const motiveDevices: ProviderModel<"devices"> = {
  pace: "api",
  read: motiveListing({
    path: "/v1/eld_devices",
    list: "eld_devices",
    item: "eld_device",
    what: "ELD devices",
    essential: false,
  }),
  normalize: mapDevice,
};

/**
 * An ELD is the vehicle gateway: a tracker. Its identifier is the serial number printed on it.
 * Motive's ELD devices carry no creation or update time, so the device has neither.
 */
export function mapDevice(payload: unknown): NormalizedDevice {
  const device = parsePayload(PROVIDER, motiveEldDevice, payload, "ELD device");
  return {
    sourceId: String(device.id),
    type: "tracker",
    ...(device.vehicle ? { vehicleSourceId: String(device.vehicle.id) } : {}),
    ...present("description", device.model),
    ...present("serialNumber", device.identifier),
  };
}
