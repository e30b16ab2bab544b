import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { getVehicleRoute } from "./get";
import { listVehiclesRoute } from "./list";
import { vehicleReads } from "./read";
import { vehicles } from "./table";
import { writeVehicles } from "./write";

export const vehiclesFamily = {
  model: "vehicles",
  table: vehicles,
  write: writeVehicles,
  fullyListed: true,
  changeEvents: "vehicle",
  billsVehicles: true,
  tag: { name: "Vehicles", description: "The connection's vehicles and their daily utilization." },
  delivery: syncedDelivery(vehicleReads),
  routes: { list: listVehiclesRoute, get: getVehicleRoute },
} satisfies Family<"vehicles">;
