import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, recordFilters } from "../kit/routes";
import { trailerReads } from "./read";
import { ListTrailersQuerySchema, TrailerSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "trailers.list",
  tags: ["Trailers"],
  method: "get",
  path: "/trailers",
  summary: "List trailers",
  description:
    "The connection's trailers in a stable order; `deleted=true` adds those deleted at the provider. Where the provider links trailers to vehicles (Geotab's trailer attachments), a trailer hitched to a vehicle the connection's filters hide is left out with it.",
  request: { query: ListTrailersQuerySchema },
  responses: {
    200: {
      description: "A page of trailers.",
      content: { "application/json": { schema: pageSchema(TrailerSchema, "TrailerPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listTrailersRoute = listRoute(route, trailerReads, recordFilters);
