/**
 * Safety and vehicle-health tools: safety events (GET /safety/events, GET /safety/events/{id})
 * and diagnostic trouble codes (GET /fault-codes/events), what a fleet manager reviews about how
 * vehicles are driven and how they fare.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { ListFaultCodeEventsQuerySchema } from "../../families/fault-code-events/schema";
import {
  GetSafetyEventQuerySchema,
  ListSafetyEventsQuerySchema,
  SafetyEventIdParamsSchema,
} from "../../families/safety-events/schema";
import type { McpSession } from "../session";
import { pageSummary, registerApiTool } from "./kit";
import { idOf, itemLines } from "./lines";

type Reference = string | { id: string };
type SafetyEventView = {
  id: string;
  type: string;
  driver?: Reference;
  vehicle?: Reference;
  startedAt: string;
  stats?: { maximumSpeed?: number };
};
type FaultCodeView = {
  id: string;
  status: string;
  vehicle: Reference;
  code: string;
  description?: string;
  observedAt: string;
};

const describeEvent = (event: SafetyEventView) => {
  const who = [event.vehicle && `vehicle ${idOf(event.vehicle)}`, event.driver && `driver ${idOf(event.driver)}`]
    .filter(Boolean)
    .join(", ");
  const speed = event.stats?.maximumSpeed === undefined ? "" : `, up to ${event.stats.maximumSpeed} km/h`;
  return `- ${event.id}: ${event.type} at ${event.startedAt}${who ? ` (${who})` : ""}${speed}`;
};

const describeFault = (fault: FaultCodeView) =>
  `- ${fault.id}: ${fault.code}${fault.description ? ` ${fault.description}` : ""} on ${idOf(fault.vehicle)}, ${fault.status}, last observed ${fault.observedAt}`;

/** Safety events and fault codes of a connection's fleet. */
export function registerSafetyTools(server: McpServer, session: McpSession) {
  registerApiTool(server, session, {
    name: "list_safety_events",
    title: "List safety events",
    description:
      "Safety events the provider recorded (harsh braking, speeding, distraction, …) with where, when, who, speeds (km/h) and g-forces. Filter by start time (`startedAfter`/`startedBefore`, ISO UTC), modification time, `driverIds` and `vehicleIds`. Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListSafetyEventsQuerySchema,
    request: (args) => ({ method: "GET", path: "/safety/events", query: args }),
    summary: (body) =>
      [
        pageSummary(body, "safety events"),
        ...itemLines((body as { results: SafetyEventView[] }).results, describeEvent),
      ].join("\n"),
  });
  registerApiTool(server, session, {
    name: "get_safety_event",
    title: "Get a safety event",
    description:
      "One safety event by id, whatever its visibility; `cameraMedia` says which cameras recorded it and whether their media is ready.",
    scope: "connection",
    input: SafetyEventIdParamsSchema.extend(GetSafetyEventQuerySchema.shape),
    request: ({ id, ...query }) => ({ method: "GET", path: `/safety/events/${id}`, query }),
    summary: (body) => describeEvent(body as SafetyEventView).slice(2),
  });
  registerApiTool(server, session, {
    name: "list_fault_codes",
    title: "List fault code events",
    description:
      "Diagnostic trouble codes (J1939 SPN/FMI, OBD-II) of the vehicles, one event per occurrence from first observed until cleared; `status` is pending, open or closed. `startAt`/`endAt` (ISO UTC) keep the occurrences that meet the span; `modifiedAfter` reads the changes since a previous read. Paged: pass the previous answer's `next` as `cursor`.",
    scope: "connection",
    input: ListFaultCodeEventsQuerySchema,
    request: (args) => ({ method: "GET", path: "/fault-codes/events", query: args }),
    summary: (body) =>
      [
        pageSummary(body, "fault code events"),
        ...itemLines((body as { results: FaultCodeView[] }).results, describeFault),
      ].join("\n"),
  });
}
