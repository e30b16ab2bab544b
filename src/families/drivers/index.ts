import type { Family } from "../family";
import { getDriverRoute } from "./get";
import { listDriversRoute } from "./list";
import { drivers } from "./table";
import { writeDrivers } from "./write";

export const driversFamily = {
  model: "drivers",
  table: drivers,
  write: writeDrivers,
  fullyListed: true,
  changeEvents: "driver",
  tag: { name: "Drivers", description: "The connection's drivers." },
  routes: { list: listDriversRoute, get: getDriverRoute },
} satisfies Family<"drivers">;
