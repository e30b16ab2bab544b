import type { Family } from "../family";
import { listFaultCodeEventsRoute } from "./list";
import { faultCodeEvents } from "./table";
import { writeFaultCodeEvents } from "./write";

/** Vehicles' diagnostic trouble codes, an event per occurrence, read by time window. */
export const faultCodeEventsFamily = {
  model: "faultCodeEvents",
  table: faultCodeEvents,
  write: writeFaultCodeEvents,
  tag: { name: "Fault codes", description: "Vehicles' diagnostic trouble codes (J1939 and OBD-II)." },
  routes: { list: listFaultCodeEventsRoute },
} satisfies Family<"faultCodeEvents">;
