import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { getDriverRoute } from "./get";
import { listDriversRoute } from "./list";
import { driverReads } from "./read";
import { drivers } from "./table";
import { writeDrivers } from "./write";

export const driversFamily = {
  model: "drivers",
  table: drivers,
  write: writeDrivers,
  fullyListed: true,
  changeEvents: "driver",
  tag: { name: "Drivers", description: "The connection's drivers." },
  delivery: syncedDelivery(driverReads),
  routes: { list: listDriversRoute, get: getDriverRoute },
} satisfies Family<"drivers">;
