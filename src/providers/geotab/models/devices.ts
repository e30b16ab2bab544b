import type { NormalizedDevice } from "../../../model/normalized";
import { ProviderError } from "../../errors";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { PROVIDER } from "../client";
import { readFeed } from "../feed";
import { geotabClient } from "../login";
import { geotabDevice } from "../payloads";
import { activeFrom, hasHardware } from "../values";

/** The GO devices: the Devices with hardware (the GetFeed of Device), in MyGeotab's one pace for calls (providers.md 3.3). */
export const geotabDevices: ProviderModel<"devices"> = {
  pace: "calls",
  read: (request) =>
    readFeed(geotabClient(request), "devices", "Device", request, (device) => {
      const parsed = geotabDevice.safeParse(device);
      // An unreadable Device is kept, so that normalizing it reports it.
      return !parsed.success || hasHardware(parsed.data);
    }),
  normalize: mapDevice,
};

/**
 * The GO device behind a vehicle: Geotab's Device record is the vehicle and its device, so they
 * share the id, and the record's `activeFrom` (set when it is added to the database) is the
 * creation time of both, as for the vehicle. Geotab keeps no time of a record's last update.
 */
export function mapDevice(payload: unknown): NormalizedDevice {
  const device = parsePayload(PROVIDER, geotabDevice, payload, "Device");
  if (!hasHardware(device)) throw new ProviderError("malformed", "Geotab: this Device has no telematics hardware.");
  const description = nonBlank(device.deviceType);
  const createdAt = activeFrom(device.activeFrom);
  return {
    sourceId: device.id,
    type: "tracker",
    vehicleSourceId: device.id,
    ...(description !== undefined ? { description } : {}),
    serialNumber: device.serialNumber!.trim(),
    ...(createdAt !== undefined ? { createdAt } : {}),
  };
}
