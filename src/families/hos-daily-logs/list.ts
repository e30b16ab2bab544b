import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, toDate } from "../kit/routes";
import { hosDailyLogReads } from "./read";
import { HosDailyLogSchema, ListHosDailyLogsQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "hosDailyLogs.list",
  tags: ["Hours of service"],
  method: "get",
  path: "/hos/daily-logs",
  summary: "List drivers' daily logs",
  description:
    "One record per driver and log day, in date order: the time spent in each duty status (milliseconds; a whole day's add up to 24 hours) and the distances covered (kilometres). Filtered by date (inclusive), modification time and drivers (at most 50 ids).",
  request: { query: ListHosDailyLogsQuerySchema },
  responses: {
    200: {
      description: "A page of drivers' days.",
      content: { "application/json": { schema: pageSchema(HosDailyLogSchema, "HosDailyLogPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listHosDailyLogsRoute = listRoute(
  route,
  hosDailyLogReads,
  (query: z.output<typeof ListHosDailyLogsQuerySchema>) => ({
    startDate: query.startDate,
    endDate: query.endDate,
    modifiedAfter: toDate(query.modifiedAfter),
    modifiedBefore: toDate(query.modifiedBefore),
    driverIds: query.driverIds,
  }),
);
