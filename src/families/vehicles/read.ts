import { devices } from "../devices/table";
import { groups } from "../groups/table";
import { syncedReads } from "../kit/reads";
import { presentVehicle } from "./present";
import { VehicleSchema } from "./schema";
import { vehicles } from "./table";

/** How vehicles are read and presented: `expand` loads their groups and/or devices. */
export const vehicleReads = syncedReads({
  table: vehicles,
  schema: VehicleSchema,
  expand: {
    groups: { table: groups, ids: (row) => row.groupIds },
    devices: { table: devices, ids: (row) => row.deviceIds },
  },
  present: presentVehicle,
});
