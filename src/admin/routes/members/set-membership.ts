import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { applicationExists, getMember, setMembership } from "../../../domain/members/manage";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentMembership } from "./present";
import { MembershipParamsSchema, MembershipSchema, SetMembershipBodySchema } from "./schema";

const route = createRoute({
  operationId: "admin.applications.members.set",
  ...adminScope,
  method: "put",
  path: "/applications/{id}/members/{memberId}",
  summary: "Add a member or change its role",
  description: "Adds the member to the application with the role, or changes its role there.",
  request: {
    params: MembershipParamsSchema,
    body: { required: true, content: { "application/json": { schema: SetMembershipBodySchema } } },
  },
  responses: {
    200: { description: "The membership.", content: { "application/json": { schema: MembershipSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerSetMembership(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id, memberId } = c.req.valid("param");
    if (!(await applicationExists(c.var.db, id))) throw new ApiError("not_found", "No application with this id.");
    if (!(await getMember(c.var.db, memberId))) throw new ApiError("not_found", "No member with this id.");
    const membership = await setMembership(c.var.db, id, memberId, c.req.valid("json").role);
    return c.json(MembershipSchema.parse(presentMembership(membership)), 200);
  });
}
