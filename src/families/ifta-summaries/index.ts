import type { Family } from "../family";
import { iftaDelivery } from "./delivery";
import { listIftaSummaryRoute } from "./list";
import { iftaDistances } from "./table";
import { writeIftaDistances } from "./write";

/** Distances per vehicle, jurisdiction and period: read by time window, served summed by GET /ifta/summary. */
export const iftaSummariesFamily = {
  model: "iftaSummaries",
  table: iftaDistances,
  write: writeIftaDistances,
  tag: {
    name: "IFTA",
    description:
      "Distances driven per IFTA jurisdiction (US states and territories, Canadian provinces and territories), for fuel tax reports.",
  },
  delivery: iftaDelivery,
  routes: { list: listIftaSummaryRoute },
} satisfies Family<"iftaSummaries">;
