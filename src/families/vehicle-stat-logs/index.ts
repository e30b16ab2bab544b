import { VEHICLE_STAT_TYPES } from "../../model/normalized";
import type { StatSample } from "../../timeseries/stat-codec";
import { vehicleSeries } from "../../timeseries/table";
import type { Family } from "../family";
import { seriesDelivery } from "../kit/series-delivery";
import { listVehicleStatLogsRoute } from "./list";
import { presentVehicleStatLog } from "./present";
import { writeVehicleStatLogs } from "./write";

/** Stat logs: read by time window into hourly series rows (one series per stat type), listed per vehicle. */
export const vehicleStatLogsFamily = {
  model: "vehicleStatLogs",
  table: vehicleSeries,
  write: writeVehicleStatLogs,
  delivery: seriesDelivery<StatSample>({
    name: "vehicleStatLogs",
    series: VEHICLE_STAT_TYPES,
    present: (point, context) => presentVehicleStatLog(point, { ...context, vehicle: context.vehicleId }),
  }),
  routes: { list: listVehicleStatLogsRoute },
} satisfies Family<"vehicleStatLogs">;
