import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, toDate } from "../kit/routes";
import { safetyEventReads } from "./read";
import { ListSafetyEventsQuerySchema, SafetyEventSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "safetyEvents.list",
  tags: ["Safety"],
  method: "get",
  path: "/safety/events",
  summary: "List safety events",
  description:
    "The connection's visible safety events in a stable order, filtered by start time, modification time, drivers and vehicles.",
  request: { query: ListSafetyEventsQuerySchema },
  responses: {
    200: {
      description: "A page of safety events.",
      content: { "application/json": { schema: pageSchema(SafetyEventSchema, "SafetyEventPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listSafetyEventsRoute = listRoute(
  route,
  safetyEventReads,
  (query: z.output<typeof ListSafetyEventsQuerySchema>) => ({
    startedAfter: toDate(query.startedAfter),
    startedBefore: toDate(query.startedBefore),
    modifiedAfter: toDate(query.modifiedAfter),
    modifiedBefore: toDate(query.modifiedBefore),
    driverIds: query.driverIds,
    vehicleIds: query.vehicleIds,
  }),
);
