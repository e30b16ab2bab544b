import { vehicleSeries } from "../../timeseries/table";
import type { Family } from "../family";
import { listVehicleLocationsRoute } from "./list";
import { writeVehicleLocations } from "./write";

/** Breadcrumbs: read by time window into hourly series rows, listed per vehicle. */
export const vehicleLocationsFamily = {
  model: "vehicleLocations",
  table: vehicleSeries,
  write: writeVehicleLocations,
  routes: { list: listVehicleLocationsRoute },
} satisfies Family<"vehicleLocations">;
