import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, toDate } from "../kit/routes";
import { utilizationReads } from "./read";
import { ListUtilizationQuerySchema, UtilizationSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "vehicleUtilization.list",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles/utilization",
  summary: "List vehicle utilization",
  description:
    "Daily distance, fuel and driving and idling time per vehicle (kilometres, litres, milliseconds). With `vehicleIds` the days come vehicle by vehicle, each in date order; without, day by day across the fleet. Days of vehicles that are currently hidden or deleted are left out.",
  request: { query: ListUtilizationQuerySchema },
  responses: {
    200: {
      description: "A page of utilization days.",
      content: { "application/json": { schema: pageSchema(UtilizationSchema, "VehicleUtilizationPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listUtilizationRoute = listRoute(
  route,
  utilizationReads,
  (query: z.output<typeof ListUtilizationQuerySchema>) => ({
    startDate: query.startDate,
    endDate: query.endDate,
    modifiedAfter: toDate(query.modifiedAfter),
    modifiedBefore: toDate(query.modifiedBefore),
    vehicleIds: query.vehicleIds,
  }),
);
