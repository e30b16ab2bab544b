import type { Family } from "../family";
import { syncedDelivery } from "../kit/delivery";
import { getSafetyEventRoute } from "./get";
import { listSafetyEventsRoute } from "./list";
import { safetyEventReads } from "./read";
import { safetyEvents } from "./table";
import { writeSafetyEvents } from "./write";

export const safetyEventsFamily = {
  model: "safetyEvents",
  table: safetyEvents,
  write: writeSafetyEvents,
  changeEvents: "safetyEvent",
  tag: { name: "Safety", description: "The connection's safety events and their camera media." },
  delivery: syncedDelivery(safetyEventReads),
  routes: { list: listSafetyEventsRoute, get: getSafetyEventRoute },
} satisfies Family<"safetyEvents">;
