import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createMemberToken, getMember } from "../../../domain/members/manage";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentMemberToken } from "./present";
import { CreatedMemberTokenSchema, MemberIdParamsSchema } from "./schema";

const route = createRoute({
  operationId: "admin.members.tokens.create",
  ...adminScope,
  method: "post",
  path: "/members/{id}/tokens",
  summary: "Create a member token",
  description: "A new personal access token for the member, shown only in this response.",
  request: { params: MemberIdParamsSchema },
  responses: {
    201: { description: "The new token.", content: { "application/json": { schema: CreatedMemberTokenSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerCreateMemberToken(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await getMember(c.var.db, id))) throw new ApiError("not_found", "No member with this id.");
    const token = await createMemberToken(c.var.db, id);
    return c.json(CreatedMemberTokenSchema.parse(presentMemberToken(token)), 201);
  });
}
