import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { getRoute } from "../kit/routes";
import { driverReads } from "./read";
import { DriverIdParamsSchema, DriverSchema, GetDriverQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "drivers.get",
  tags: ["Drivers"],
  method: "get",
  path: "/drivers/{id}",
  summary: "Get a driver",
  description: "One driver of the connection, whatever its visibility: hidden and deleted drivers stay readable by id.",
  request: { params: DriverIdParamsSchema, query: GetDriverQuerySchema },
  responses: {
    200: { description: "The driver.", content: { "application/json": { schema: DriverSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export const getDriverRoute = getRoute(route, driverReads, "driver");
