import type { Family } from "../family";
import { listLatestTrailerLocationsRoute } from "./list";
import { latestTrailerLocations } from "./table";
import { writeLatestTrailerLocations } from "./write";

/** The provider's live snapshot of trailers: one row per trailer, refreshed by syncs and, on demand, by reads. */
export const latestTrailerLocationsFamily = {
  model: "latestTrailerLocations",
  table: latestTrailerLocations,
  write: writeLatestTrailerLocations,
  routes: { list: listLatestTrailerLocationsRoute },
} satisfies Family<"latestTrailerLocations">;
