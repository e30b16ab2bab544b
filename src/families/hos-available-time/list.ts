import { createRoute, type z } from "@hono/zod-openapi";
import { ApiError, errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { findProvider } from "../../providers/registry";
import { listRoute } from "../kit/routes";
import { availableTimeReads } from "./read";
import type { ClockSource } from "./rows";
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
    "Each visible driver's hours-of-service clocks now, in driver id order: driving left, the 14-hour window's time left, the cycle's, and driving left before a 30-minute break is due, in milliseconds. `source` says where they come from.\n\n- `provider`: the provider's own clocks (Samsara, Motive, Geotab), read live. A read younger than 30 seconds is served as it is; an older one is read again first, once for all the requests of the connection that arrive meanwhile (they wait for it), paced to the provider's limits. So an answer is at most a minute behind the provider. The connection must be connected (422 otherwise), and a provider that fails answers as the error (429, 502, 504), never with older clocks. `raw=true` gives the provider's payload.\n- `computed`: computed here from the driver's synced logs under the US property-carrying rules, for a provider without clocks of its own (the sandbox); the cycle is the connection's `options.hos.cycle`, `60_7` or `70_8`, by default `70_8`, and drivers without duty-status logs are left out.\n\n501 when the connection's provider serves no hours of service.",
  request: { query: ListHosAvailableTimeQuerySchema },
  responses: {
    200: {
      description: "A page of drivers' clocks.",
      content: { "application/json": { schema: pageSchema(HosAvailableTimeSchema, "HosAvailableTimePage") } },
    },
    ...errorResponses([
      ...CONNECTION_ERRORS,
      "connection_disconnected",
      "too_many_requests",
      "not_implemented",
      "bad_gateway",
      "gateway_timeout",
    ]),
  },
});

export const listHosAvailableTimeRoute = listRoute(
  route,
  availableTimeReads,
  (query: z.output<typeof ListHosAvailableTimeQuerySchema>, connection) => ({
    driverIds: query.driverIds,
    source: clockSourceOf(connection.provider),
    cycle: cycleOf(connection.options),
  }),
  {
    beforeRead: async (c, hooks) => {
      const adapter = findProvider(c.var.connection.provider);
      if (adapter?.supportedModels.hosAvailableTime !== "supported") {
        throw new ApiError(
          "not_implemented",
          `${adapter?.name ?? "This provider"}: no hours of service are read from it.`,
        );
      }
      await hooks.freshenHosClocks(c);
    },
  },
);

/** The provider's own clocks where its adapter reads them, computed from the logs otherwise. */
function clockSourceOf(provider: string): ClockSource {
  return findProvider(provider)?.models.hosAvailableTime ? "provider" : "computed";
}
