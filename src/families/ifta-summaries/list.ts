import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute } from "../kit/routes";
import { iftaSummaryReads } from "./read";
import {
  IFTA_PAGE_SIZE,
  IFTA_RAW_PAGE_SIZE,
  IftaSummaryQuerySchema,
  IftaSummarySchema,
  MAX_IFTA_MONTHS,
  RAW_PER_GROUP,
} from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "iftaSummary.list",
  tags: ["IFTA"],
  method: "get",
  path: "/ifta/summary",
  summary: "Summarize distance by jurisdiction",
  description: `The kilometres the connection's vehicles drove in each IFTA jurisdiction over a range of months (UTC, both included, at most ${MAX_IFTA_MONTHS}), summed by \`groupBy\` from the distances the provider reports by day or by month, in the order of the grouping's keys (an unknown jurisdiction first). Vehicles that are currently hidden or deleted are left out. Pages hold ${IFTA_PAGE_SIZE.toLocaleString("en-US")} groups (${IFTA_RAW_PAGE_SIZE} with \`raw=true\`, each group then carrying up to ${RAW_PER_GROUP} payloads); there is no \`limit\`.`,
  request: { query: IftaSummaryQuerySchema },
  responses: {
    200: {
      description: "A page of the summary's groups.",
      content: { "application/json": { schema: pageSchema(IftaSummarySchema, "IftaSummaryPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listIftaSummaryRoute = listRoute(
  route,
  iftaSummaryReads,
  (query: z.output<typeof IftaSummaryQuerySchema>) => ({
    startMonth: query.startMonth,
    endMonth: query.endMonth,
    groupBy: query.groupBy,
  }),
  { pageSize: (query) => (query.raw ? IFTA_RAW_PAGE_SIZE : IFTA_PAGE_SIZE) },
);
