import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { revokeMemberToken } from "../../../domain/members/manage";
import type { AppEnv } from "../../../env";
import { ApiError, errorResponses } from "../../../http/errors";
import { idSchema } from "../../../http/schemas/common";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentMemberToken } from "./present";
import { MemberIdParamsSchema, MemberTokenSchema } from "./schema";

const ParamsSchema = MemberIdParamsSchema.extend({
  tokenId: idSchema("memberToken").openapi({ param: { name: "tokenId", in: "path" } }),
});

const route = createRoute({
  operationId: "admin.members.tokens.revoke",
  ...adminScope,
  method: "delete",
  path: "/members/{id}/tokens/{tokenId}",
  summary: "Revoke a member token",
  description: "Revokes the token at once: every later request with it is `unauthorized`. Revoking twice is harmless.",
  request: { params: ParamsSchema },
  responses: {
    200: { description: "The revoked token.", content: { "application/json": { schema: MemberTokenSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerRevokeMemberToken(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id, tokenId } = c.req.valid("param");
    const token = await revokeMemberToken(c.var.db, id, tokenId);
    if (!token) throw new ApiError("not_found", "No token with this id for this member.");
    return c.json(MemberTokenSchema.parse(presentMemberToken(token)), 200);
  });
}
