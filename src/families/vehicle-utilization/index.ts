import type { Family } from "../family";
import { listUtilizationRoute } from "./list";
import { vehicleUtilization } from "./table";
import { writeUtilization } from "./write";

/** Vehicle-days: read by time window, filed under the Vehicles tag. */
export const vehicleUtilizationFamily = {
  model: "vehicleUtilization",
  table: vehicleUtilization,
  write: writeUtilization,
  routes: { list: listUtilizationRoute },
} satisfies Family<"vehicleUtilization">;
