import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, toDate } from "../kit/routes";
import { hosLogReads } from "./read";
import { HosLogSchema, ListHosLogsQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "hosLogs.list",
  tags: ["Hours of service"],
  method: "get",
  path: "/hos/logs",
  summary: "List duty-status logs",
  description:
    "The connection's drivers' duty-status changes in start order (oldest first), filtered by start and modification time and by drivers (at most 50 ids). A log lasts until `endedAt`, absent while it lasts; the driver's next log starts where it ends.",
  request: { query: ListHosLogsQuerySchema },
  responses: {
    200: {
      description: "A page of duty-status logs.",
      content: { "application/json": { schema: pageSchema(HosLogSchema, "HosLogPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listHosLogsRoute = listRoute(route, hosLogReads, (query: z.output<typeof ListHosLogsQuerySchema>) => ({
  startedAfter: toDate(query.startedAfter),
  startedBefore: toDate(query.startedBefore),
  modifiedAfter: toDate(query.modifiedAfter),
  modifiedBefore: toDate(query.modifiedBefore),
  driverIds: query.driverIds,
}));
