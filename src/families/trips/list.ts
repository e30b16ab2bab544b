import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, toDate } from "../kit/routes";
import { tripReads } from "./read";
import { ListTripsQuerySchema, TripSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "trips.list",
  tags: ["Trips"],
  method: "get",
  path: "/trips",
  summary: "List trips",
  description:
    "The connection's trips in start order (oldest first), filtered by start, end and modification time, vehicles and drivers (at most 50 ids each). Distances in kilometres, durations in milliseconds; a trip's start and end locations are its first and last breadcrumbs (GET /vehicles/{id}/locations).",
  request: { query: ListTripsQuerySchema },
  responses: {
    200: {
      description: "A page of trips.",
      content: { "application/json": { schema: pageSchema(TripSchema, "TripPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listTripsRoute = listRoute(route, tripReads, (query: z.output<typeof ListTripsQuerySchema>) => ({
  startedAfter: toDate(query.startedAfter),
  startedBefore: toDate(query.startedBefore),
  endedAfter: toDate(query.endedAfter),
  endedBefore: toDate(query.endedBefore),
  modifiedAfter: toDate(query.modifiedAfter),
  modifiedBefore: toDate(query.modifiedBefore),
  driverIds: query.driverIds,
  vehicleIds: query.vehicleIds,
}));
