import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../http/errors";
import { pageSchema } from "../../http/schemas/pagination";
import { CONNECTION_ERRORS, CONNECTION_SECURITY } from "../../http/scopes";
import { listRoute, recordFilters } from "../kit/routes";
import { groupReads } from "./read";
import { GroupSchema, ListGroupsQuerySchema } from "./schema";

const route = createRoute({
  security: CONNECTION_SECURITY,
  operationId: "groups.list",
  tags: ["Groups"],
  method: "get",
  path: "/groups",
  summary: "List groups",
  description:
    "The connection's groups (tags, regions, fleets at the provider) in a stable order; `deleted=true` adds those deleted at the provider.",
  request: { query: ListGroupsQuerySchema },
  responses: {
    200: {
      description: "A page of groups.",
      content: { "application/json": { schema: pageSchema(GroupSchema, "GroupPage") } },
    },
    ...errorResponses(CONNECTION_ERRORS),
  },
});

export const listGroupsRoute = listRoute(route, groupReads, recordFilters);
