import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, recordFilters } from "../kit/routes";
import { driverReads } from "./read";
import { DriverSchema, ListDriversQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "drivers.list",
  tags: ["Drivers"],
  method: "get",
  path: "/drivers",
  summary: "List drivers",
  description:
    "The connection's drivers in a stable order. Only visible drivers by default: `hidden=true` adds those the connection's filters hide, `deleted=true` those deleted at the provider.",
  request: { query: ListDriversQuerySchema },
  responses: {
    200: {
      description: "A page of drivers.",
      content: { "application/json": { schema: pageSchema(DriverSchema, "DriverPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listDriversRoute = listRoute(route, driverReads, recordFilters);
