import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, toDate } from "../kit/routes";
import { faultCodeEventReads } from "./read";
import { FaultCodeEventSchema, ListFaultCodeEventsQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "faultCodeEvents.list",
  tags: ["Fault codes"],
  method: "get",
  path: "/fault-codes/events",
  summary: "List fault code events",
  description:
    "Diagnostic trouble codes of the connection's visible vehicles, J1939 and OBD-II, one event per occurrence of a fault from when it was first observed until it cleared, in a stable order. An event's `status` follows the provider over time (`pending`, `open`, `closed`), and its `metadata.modifiedAt` moves with it, so `modifiedAfter` reads the changes since a previous read. `startAt`/`endAt` keep the occurrences that meet the span.",
  request: { query: ListFaultCodeEventsQuerySchema },
  responses: {
    200: {
      description: "A page of fault code events.",
      content: { "application/json": { schema: pageSchema(FaultCodeEventSchema, "FaultCodeEventPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listFaultCodeEventsRoute = listRoute(
  route,
  faultCodeEventReads,
  (query: z.output<typeof ListFaultCodeEventsQuerySchema>) => ({
    startAt: toDate(query.startAt),
    endAt: toDate(query.endAt),
    modifiedAfter: toDate(query.modifiedAfter),
    modifiedBefore: toDate(query.modifiedBefore),
    vehicleIds: query.vehicleIds,
  }),
);
