import type { Family } from "../family";
import { listDevicesRoute } from "./list";
import { devices } from "./table";
import { writeDevices } from "./write";

export const devicesFamily = {
  model: "devices",
  table: devices,
  write: writeDevices,
  fullyListed: true,
  tag: { name: "Devices", description: "The connection's telematics devices." },
  routes: { list: listDevicesRoute },
} satisfies Family<"devices">;
