import type { Family } from "../family";
import { changedRows } from "../kit/changed-rows";
import { keyedDelivery } from "../kit/delivery";
import type { ReadRow } from "../kit/read";
import { listUtilizationRoute } from "./list";
import { presentUtilization } from "./present";
import { UtilizationSchema } from "./schema";
import { type UtilizationRow, vehicleUtilization } from "./table";
import { writeUtilization } from "./write";

/** Vehicle-days: read by time window, filed under the Vehicles tag. */
export const vehicleUtilizationFamily = {
  model: "vehicleUtilization",
  table: vehicleUtilization,
  write: writeUtilization,
  // Vehicle by vehicle, day by day: the order of utilization_vehicle_date_unique.
  delivery: keyedDelivery<ReadRow<UtilizationRow>, typeof UtilizationSchema>({
    table: "vehicle_utilization",
    schema: UtilizationSchema,
    listChanged: changedRows(vehicleUtilization, [vehicleUtilization.vehicleId, vehicleUtilization.date]),
    keyOf: (row) => [row.vehicleId, row.date],
    present: (row, raw) => presentUtilization(row, { raw }),
  }),
  routes: { list: listUtilizationRoute },
} satisfies Family<"vehicleUtilization">;
