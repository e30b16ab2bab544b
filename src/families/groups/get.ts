import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { getRoute } from "../kit/routes";
import { groupReads } from "./read";
import { GetGroupQuerySchema, GroupIdParamsSchema, GroupSchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "groups.get",
  tags: ["Groups"],
  method: "get",
  path: "/groups/{id}",
  summary: "Get a group",
  description: "One group of the connection, whatever its visibility: deleted groups stay readable by id.",
  request: { params: GroupIdParamsSchema, query: GetGroupQuerySchema },
  responses: {
    200: { description: "The group.", content: { "application/json": { schema: GroupSchema } } },
    ...errorResponses([...CONNECTION_ERRORS, "not_found"]),
  },
});

export const getGroupRoute = getRoute(route, groupReads, "group");
