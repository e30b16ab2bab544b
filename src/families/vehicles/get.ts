import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { getRoute } from "../kit/routes";
import { vehicleReads } from "./read";
import { GetVehicleQuerySchema, VehicleIdParamsSchema, VehicleSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "vehicles.get",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles/{id}",
  summary: "Get a vehicle",
  description:
    "One vehicle of the connection, whatever its visibility: hidden and deleted vehicles stay readable by id.",
  request: { params: VehicleIdParamsSchema, query: GetVehicleQuerySchema },
  responses: {
    200: { description: "The vehicle.", content: { "application/json": { schema: VehicleSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export const getVehicleRoute = getRoute(route, vehicleReads, "vehicle");
