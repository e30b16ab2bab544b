import type { Family } from "../family";
import { locationUpdatedEvents } from "./events";
import { listLatestLocationsRoute } from "./list";
import { latestLocations } from "./table";
import { writeLatestLocations } from "./write";

/** The provider's live snapshot: one row per vehicle, refreshed by syncs and, on demand, by reads. */
export const latestVehicleLocationsFamily = {
  model: "latestVehicleLocations",
  table: latestLocations,
  write: writeLatestLocations,
  events: locationUpdatedEvents,
  routes: { list: listLatestLocationsRoute },
} satisfies Family<"latestVehicleLocations">;
