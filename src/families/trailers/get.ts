import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { getRoute } from "../kit/routes";
import { trailerReads } from "./read";
import { GetTrailerQuerySchema, TrailerIdParamsSchema, TrailerSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "trailers.get",
  tags: ["Trailers"],
  method: "get",
  path: "/trailers/{id}",
  summary: "Get a trailer",
  description:
    "One trailer of the connection, whatever its visibility: deleted trailers, and those hitched to a vehicle the connection's filters hide, stay readable by id.",
  request: { params: TrailerIdParamsSchema, query: GetTrailerQuerySchema },
  responses: {
    200: { description: "The trailer.", content: { "application/json": { schema: TrailerSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export const getTrailerRoute = getRoute(route, trailerReads, "trailer");
