import type { Family } from "../family";
import { listTrailersRoute } from "./list";
import { trailers } from "./table";
import { writeTrailers } from "./write";

export const trailersFamily = {
  model: "trailers",
  table: trailers,
  write: writeTrailers,
  fullyListed: true,
  tag: { name: "Trailers", description: "The connection's trailers and where they are." },
  routes: { list: listTrailersRoute },
} satisfies Family<"trailers">;
