import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { removeMembership } from "../../../domain/members/manage";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentMembership } from "./present";
import { MembershipParamsSchema, MembershipSchema } from "./schema";

const route = createRoute({
  operationId: "admin.applications.members.remove",
  ...adminScope,
  method: "delete",
  path: "/applications/{id}/members/{memberId}",
  summary: "Remove a member",
  description: "Removes the member from the application; its tokens stop working there at once.",
  request: { params: MembershipParamsSchema },
  responses: {
    200: { description: "The removed membership.", content: { "application/json": { schema: MembershipSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerRemoveMembership(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id, memberId } = c.req.valid("param");
    const removed = await removeMembership(c.var.db, id, memberId);
    if (!removed) throw new ApiError("not_found", "This member is not in this application.");
    return c.json(MembershipSchema.parse(presentMembership(removed)), 200);
  });
}
