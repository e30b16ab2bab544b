import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { listTripsRoute } from "./list";
import { tripReads } from "./read";
import { trips } from "./table";
import { writeTrips } from "./write";

/** Trips: read by time window, listed in start order. */
export const tripsFamily = {
  model: "trips",
  table: trips,
  write: writeTrips,
  tag: { name: "Trips", description: "Where the connection's vehicles went: trips from start to stop." },
  delivery: syncedDelivery(tripReads),
  routes: { list: listTripsRoute },
} satisfies Family<"trips">;
