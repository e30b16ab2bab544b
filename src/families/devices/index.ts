import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { getDeviceRoute } from "./get";
import { listDevicesRoute } from "./list";
import { deviceReads } from "./read";
import { devices } from "./table";
import { writeDevices } from "./write";

export const devicesFamily = {
  model: "devices",
  table: devices,
  write: writeDevices,
  fullyListed: true,
  tag: { name: "Devices", description: "The connection's telematics devices." },
  delivery: syncedDelivery(deviceReads),
  routes: { list: listDevicesRoute, get: getDeviceRoute },
} satisfies Family<"devices">;
