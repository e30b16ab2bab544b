import type { Family } from "../family";
import { changedRows } from "../kit/changed-rows";
import { keyedDelivery } from "../kit/delivery";
import type { ReadRow } from "../kit/read";
import { locationUpdatedEvents } from "./events";
import { listLatestLocationsRoute } from "./list";
import { presentLatestLocation } from "./present";
import { LatestVehicleLocationSchema } from "./schema";
import { type LatestLocationRow, latestLocations } from "./table";
import { writeLatestLocations } from "./write";

/** The provider's live snapshot: one row per vehicle, refreshed by syncs and, on demand, by reads. */
export const latestVehicleLocationsFamily = {
  model: "latestVehicleLocations",
  table: latestLocations,
  write: writeLatestLocations,
  events: locationUpdatedEvents,
  delivery: keyedDelivery<ReadRow<LatestLocationRow>, typeof LatestVehicleLocationSchema>({
    table: "latest_vehicle_locations",
    schema: LatestVehicleLocationSchema,
    listChanged: changedRows(latestLocations, [latestLocations.vehicleId]),
    keyOf: (row) => [row.vehicleId],
    present: (row, raw) => presentLatestLocation(row, { raw }),
  }),
  routes: { list: listLatestLocationsRoute },
} satisfies Family<"latestVehicleLocations">;
