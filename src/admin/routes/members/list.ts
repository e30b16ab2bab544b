import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { listMembers } from "../../../domain/members/manage";
import type { AppEnv } from "../../../env";
import { errorResponses } from "../../../http/errors";
import { PaginationQuerySchema, pageSchema, readCursor, toPage } from "../../../http/schemas/pagination";
import { ADMIN_ERRORS, adminScope } from "../scope";
import { presentMember } from "./present";
import { MemberSchema } from "./schema";

const MemberPageSchema = pageSchema(MemberSchema, "MemberPage");

const route = createRoute({
  operationId: "admin.members.list",
  ...adminScope,
  method: "get",
  path: "/members",
  summary: "List members",
  request: { query: PaginationQuerySchema },
  responses: {
    200: { description: "A page of members.", content: { "application/json": { schema: MemberPageSchema } } },
    ...errorResponses(ADMIN_ERRORS),
  },
});

export function registerListMembers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const scope = "admin.members.list";
    const after = await readCursor(c.env.ENCRYPTION_KEY, scope, cursor);
    const rows = await listMembers(c.var.db, { limit, afterId: after === undefined ? undefined : String(after[0]) });
    const page = await toPage(rows, {
      limit,
      secret: c.env.ENCRYPTION_KEY,
      scope,
      keyOf: ({ member }) => [member.id],
      present: presentMember,
    });
    return c.json(MemberPageSchema.parse(page), 200);
  });
}
