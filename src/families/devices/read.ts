import { syncedReads } from "../kit/reads";
import { vehicles } from "../vehicles/table";
import { presentDevice } from "./present";
import { DeviceSchema } from "./schema";
import { devices } from "./table";

/** How devices are read and presented: `expand=vehicle` loads their vehicles. */
export const deviceReads = syncedReads({
  table: devices,
  schema: DeviceSchema,
  expand: { vehicle: { table: vehicles, ids: (row) => [row.vehicleId] } },
  present: presentDevice,
});
