import type { Family } from "../family";
import { changedRows } from "../kit/changed-rows";
import { keyedDelivery } from "../kit/delivery";
import type { ReadRow } from "../kit/read";
import { listLatestTrailerLocationsRoute } from "./list";
import { presentLatestTrailerLocation } from "./present";
import { LatestTrailerLocationSchema } from "./schema";
import { type LatestTrailerLocationRow, latestTrailerLocations } from "./table";
import { writeLatestTrailerLocations } from "./write";

/** The provider's live snapshot of trailers: one row per trailer, refreshed by syncs and, on demand, by reads. */
export const latestTrailerLocationsFamily = {
  model: "latestTrailerLocations",
  table: latestTrailerLocations,
  write: writeLatestTrailerLocations,
  delivery: keyedDelivery<ReadRow<LatestTrailerLocationRow>, typeof LatestTrailerLocationSchema>({
    table: "latest_trailer_locations",
    schema: LatestTrailerLocationSchema,
    listChanged: changedRows(latestTrailerLocations, [latestTrailerLocations.trailerId]),
    keyOf: (row) => [row.trailerId],
    present: (row, raw) => presentLatestTrailerLocation(row, { raw }),
  }),
  routes: { list: listLatestTrailerLocationsRoute },
} satisfies Family<"latestTrailerLocations">;
