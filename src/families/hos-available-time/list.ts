import { createRoute, type z } from "@hono/zod-openapi";
import { ApiError, errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { findProvider } from "../../providers/registry";
import { listRoute } from "../kit/routes";
import { availableTimeReads } from "./read";
import { cycleOf } from "./rules-option";
import { HosAvailableTimeSchema, ListHosAvailableTimeQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "hosAvailableTime.list",
  tags: ["Hours of service"],
  method: "get",
  path: "/hos/available-time",
  summary: "List drivers' available time",
  description:
    "Each visible driver's hours-of-service clocks now (drivers without duty-status logs are left out), in driver id order: driving left, the 14-hour window's time left, the cycle's, and driving left before a 30-minute break is due, in milliseconds. `source` says where they come from: computed here from the driver's synced logs under the US property-carrying rules (the cycle is the connection's `options.hos.cycle`, `60_7` or `70_8`, by default `70_8`), or the provider's own clocks. 501 when the connection's provider serves no hours of service.",
  request: { query: ListHosAvailableTimeQuerySchema },
  responses: {
    200: {
      description: "A page of drivers' clocks.",
      content: { "application/json": { schema: pageSchema(HosAvailableTimeSchema, "HosAvailableTimePage") } },
    },
    ...errorResponses([...CONNECTION_ERRORS, "not_implemented"]),
  },
});

export const listHosAvailableTimeRoute = listRoute(
  route,
  availableTimeReads,
  (query: z.output<typeof ListHosAvailableTimeQuerySchema>, connection) => ({
    driverIds: query.driverIds,
    cycle: cycleOf(connection.options),
  }),
  {
    beforeRead: async (c) => {
      const adapter = findProvider(c.var.connection.provider);
      if (adapter?.supportedModels.hosLogs !== "supported") {
        throw new ApiError(
          "not_implemented",
          `${adapter?.name ?? "This provider"}: no hours of service are read from it.`,
        );
      }
    },
  },
);
