import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, recordFilters } from "../kit/routes";
import { vehicleReads } from "./read";
import { ListVehiclesQuerySchema, VehicleSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "vehicles.list",
  tags: ["Vehicles"],
  method: "get",
  path: "/vehicles",
  summary: "List vehicles",
  description:
    "The connection's vehicles in a stable order. Only visible vehicles by default: `hidden=true` adds those the connection's filters hide, `deleted=true` those deleted at the provider. Readable while the connection is disconnected.",
  request: { query: ListVehiclesQuerySchema },
  responses: {
    200: {
      description: "A page of vehicles.",
      content: { "application/json": { schema: pageSchema(VehicleSchema, "VehiclePage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listVehiclesRoute = listRoute(route, vehicleReads, recordFilters);
