import { LOCATION_SERIES } from "../../timeseries/series-codecs";
import { vehicleSeries } from "../../timeseries/table";
import type { Family } from "../family";
import { seriesDelivery } from "../kit/series-delivery";
import { listVehicleLocationsRoute } from "./list";
import { presentVehicleLocation } from "./present";
import { writeVehicleLocations } from "./write";

/** Breadcrumbs: read by time window into hourly series rows, listed per vehicle. */
export const vehicleLocationsFamily = {
  model: "vehicleLocations",
  table: vehicleSeries,
  write: writeVehicleLocations,
  delivery: seriesDelivery({ name: "vehicleLocations", series: [LOCATION_SERIES], present: presentVehicleLocation }),
  routes: { list: listVehicleLocationsRoute },
} satisfies Family<"vehicleLocations">;
