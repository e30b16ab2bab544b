import { vehicleSeries } from "../../timeseries/table";
import type { Family } from "../family";
import { listVehicleStatLogsRoute } from "./list";
import { writeVehicleStatLogs } from "./write";

/** Stat logs: read by time window into hourly series rows (one series per stat type), listed per vehicle. */
export const vehicleStatLogsFamily = {
  model: "vehicleStatLogs",
  table: vehicleSeries,
  write: writeVehicleStatLogs,
  routes: { list: listVehicleStatLogsRoute },
} satisfies Family<"vehicleStatLogs">;
