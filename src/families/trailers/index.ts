import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { getTrailerRoute } from "./get";
import { listTrailersRoute } from "./list";
import { trailerReads } from "./read";
import { trailers } from "./table";
import { writeTrailers } from "./write";

export const trailersFamily = {
  model: "trailers",
  table: trailers,
  write: writeTrailers,
  fullyListed: true,
  tag: { name: "Trailers", description: "The connection's trailers and where they are." },
  delivery: syncedDelivery(trailerReads),
  routes: { list: listTrailersRoute, get: getTrailerRoute },
} satisfies Family<"trailers">;
