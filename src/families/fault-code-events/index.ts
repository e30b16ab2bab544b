import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { listFaultCodeEventsRoute } from "./list";
import { faultCodeEventReads } from "./read";
import { faultCodeEvents } from "./table";
import { writeFaultCodeEvents } from "./write";

/** Vehicles' diagnostic trouble codes, an event per occurrence, read by time window. */
export const faultCodeEventsFamily = {
  model: "faultCodeEvents",
  table: faultCodeEvents,
  write: writeFaultCodeEvents,
  tag: { name: "Fault codes", description: "Vehicles' diagnostic trouble codes (J1939 and OBD-II)." },
  delivery: syncedDelivery(faultCodeEventReads),
  routes: { list: listFaultCodeEventsRoute },
} satisfies Family<"faultCodeEvents">;
