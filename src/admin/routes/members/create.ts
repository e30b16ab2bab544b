import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { createMember, findMemberByEmail } from "../../../domain/members/manage";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentMember, presentMemberToken } from "./present";
import { CreatedMemberSchema, CreateMemberBodySchema } from "./schema";

const route = createRoute({
  operationId: "admin.members.create",
  ...adminScope,
  method: "post",
  path: "/members",
  summary: "Create a member",
  description:
    "Creates a member with a personal access token (`mpt_…`), shown only in this response; only its hash is stored. Add the member to applications with `PUT /applications/{id}/members/{memberId}`.",
  request: { body: { required: true, content: { "application/json": { schema: CreateMemberBodySchema } } } },
  responses: {
    201: {
      description: "The member and its token.",
      content: { "application/json": { schema: CreatedMemberSchema } },
    },
    ...errorResponses([...ADMIN_ERRORS, "conflict"]),
  },
});

export function registerCreateMember(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const email = c.req.valid("json").email.toLowerCase();
    const taken = () => new ApiError("conflict", "A member with this email exists.");
    if (await findMemberByEmail(c.var.db, email)) throw taken();
    const created = await createMember(c.var.db, email);
    if (!created) throw taken();
    const { member, token } = created;
    const body = { ...presentMember({ member, memberships: [], tokens: [token] }), token: presentMemberToken(token) };
    return c.json(CreatedMemberSchema.parse(body), 201);
  });
}
