import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { getRoute } from "../kit/routes";
import { safetyEventReads } from "./read";
import { GetSafetyEventQuerySchema, SafetyEventIdParamsSchema, SafetyEventSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "safetyEvents.get",
  tags: ["Safety"],
  method: "get",
  path: "/safety/events/{id}",
  summary: "Get a safety event",
  description: "One safety event of the connection, whatever its visibility.",
  request: { params: SafetyEventIdParamsSchema, query: GetSafetyEventQuerySchema },
  responses: {
    200: { description: "The safety event.", content: { "application/json": { schema: SafetyEventSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export const getSafetyEventRoute = getRoute(route, safetyEventReads, "safety event");
