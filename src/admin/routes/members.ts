import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { MEMBER_ROLES, type MembershipRow, type MemberTokenRow } from "../../db/schema";
import {
  applicationExists,
  createMember,
  createMemberToken,
  findMemberByEmail,
  getMember,
  listMembers,
  type MemberDetails,
  removeMembership,
  revokeMemberToken,
  setMembership,
} from "../../domain/members/manage";
import type { AppEnv } from "../../env";
import { ApiError, errorResponses } from "../../http/errors";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { PaginationQuerySchema, pageSchema, readCursor, toPage } from "../../http/schemas/pagination";
import { ApplicationIdParamsSchema } from "../schema";

const ADMIN_ERRORS = ["bad_request", "unauthorized", "internal_server_error"] as const;
const security = [{ adminToken: [] }];

const MemberIdParamsSchema = z.object({
  id: idSchema("member").openapi({ param: { name: "id", in: "path" } }),
});
const memberIdParam = idSchema("member").openapi({ param: { name: "memberId", in: "path" } });

const MemberTokenSchema = z
  .object({
    id: idSchema("memberToken"),
    hint: z
      .string()
      .openapi({ description: "Prefix and last four characters, to recognise the token.", example: "mpt_…x9Qa" }),
    createdAt: DateTimeSchema,
    revokedAt: DateTimeSchema.optional(),
  })
  .openapi("MemberToken");

const CreatedMemberTokenSchema = MemberTokenSchema.extend({
  token: z.string().openapi({
    description:
      "The personal access token itself. Shown only in this response: only its hash is stored. Send it as `Authorization: Bearer mpt_…` to application-scope endpoints.",
    example: "mpt_3fQ9xZr1LmN8pT2vW6yB4cD7eH5jK0aS1uV3wX9Qa",
  }),
}).openapi("CreatedMemberToken");

const MembershipSchema = z
  .object({
    memberId: idSchema("member"),
    applicationId: idSchema("application"),
    role: z.enum(MEMBER_ROLES).openapi({
      description:
        "`admin` may also create connections, exchange public tokens, cancel deletions and manage webhook endpoints; `viewer` only reads.",
    }),
    createdAt: DateTimeSchema,
  })
  .openapi("Membership");

const MemberSchema = z
  .object({
    id: idSchema("member"),
    email: z.string().openapi({ example: "dana@example.com" }),
    createdAt: DateTimeSchema,
    memberships: z.array(MembershipSchema),
    tokens: z.array(MemberTokenSchema).openapi({ description: "Hints only, never the tokens themselves." }),
  })
  .openapi("Member");

const CreatedMemberSchema = MemberSchema.extend({ token: CreatedMemberTokenSchema }).openapi("CreatedMember");
const MemberPageSchema = pageSchema(MemberSchema, "MemberPage");

const CreateMemberBodySchema = z
  .strictObject({ email: z.email().max(320).openapi({ example: "dana@example.com" }) })
  .openapi("CreateMemberRequest");
const SetMembershipBodySchema = z
  .strictObject({ role: z.enum(MEMBER_ROLES).openapi({ example: "viewer" }) })
  .openapi("SetMembershipRequest");

function presentToken(token: MemberTokenRow & { token?: string }) {
  return {
    id: token.id,
    hint: token.hint,
    createdAt: token.createdAt.toISOString(),
    ...(token.revokedAt ? { revokedAt: token.revokedAt.toISOString() } : {}),
    ...(token.token ? { token: token.token } : {}),
  };
}

function presentMembership(row: MembershipRow) {
  return {
    memberId: row.memberId,
    applicationId: row.applicationId,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentMember({ member, memberships, tokens }: MemberDetails) {
  return {
    id: member.id,
    email: member.email,
    createdAt: member.createdAt.toISOString(),
    memberships: memberships.map(presentMembership),
    tokens: tokens.map((token) => presentToken(token)),
  };
}

const createMemberRoute = createRoute({
  operationId: "admin.members.create",
  tags: ["Admin"],
  security,
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

const listMembersRoute = createRoute({
  operationId: "admin.members.list",
  tags: ["Admin"],
  security,
  method: "get",
  path: "/members",
  summary: "List members",
  request: { query: PaginationQuerySchema },
  responses: {
    200: { description: "A page of members.", content: { "application/json": { schema: MemberPageSchema } } },
    ...errorResponses(ADMIN_ERRORS),
  },
});

const createTokenRoute = createRoute({
  operationId: "admin.members.tokens.create",
  tags: ["Admin"],
  security,
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

const revokeTokenRoute = createRoute({
  operationId: "admin.members.tokens.revoke",
  tags: ["Admin"],
  security,
  method: "delete",
  path: "/members/{id}/tokens/{tokenId}",
  summary: "Revoke a member token",
  description: "Revokes the token at once: every later request with it is `unauthorized`. Revoking twice is harmless.",
  request: {
    params: MemberIdParamsSchema.extend({
      tokenId: idSchema("memberToken").openapi({ param: { name: "tokenId", in: "path" } }),
    }),
  },
  responses: {
    200: { description: "The revoked token.", content: { "application/json": { schema: MemberTokenSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

const setMembershipRoute = createRoute({
  operationId: "admin.applications.members.set",
  tags: ["Admin"],
  security,
  method: "put",
  path: "/applications/{id}/members/{memberId}",
  summary: "Add a member or change its role",
  description: "Adds the member to the application with the role, or changes its role there.",
  request: {
    params: ApplicationIdParamsSchema.extend({ memberId: memberIdParam }),
    body: { required: true, content: { "application/json": { schema: SetMembershipBodySchema } } },
  },
  responses: {
    200: { description: "The membership.", content: { "application/json": { schema: MembershipSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

const removeMembershipRoute = createRoute({
  operationId: "admin.applications.members.remove",
  tags: ["Admin"],
  security,
  method: "delete",
  path: "/applications/{id}/members/{memberId}",
  summary: "Remove a member",
  description: "Removes the member from the application; its tokens stop working there at once.",
  request: { params: ApplicationIdParamsSchema.extend({ memberId: memberIdParam }) },
  responses: {
    200: { description: "The removed membership.", content: { "application/json": { schema: MembershipSchema } } },
    ...errorResponses([...ADMIN_ERRORS, "not_found"]),
  },
});

export function registerMemberRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createMemberRoute, async (c) => {
    const email = c.req.valid("json").email.toLowerCase();
    const taken = () => new ApiError("conflict", "A member with this email exists.");
    if (await findMemberByEmail(c.var.db, email)) throw taken();
    const created = await createMember(c.var.db, email);
    if (!created) throw taken();
    const { member, token } = created;
    const body = { ...presentMember({ member, memberships: [], tokens: [token] }), token: presentToken(token) };
    return c.json(CreatedMemberSchema.parse(body), 201);
  });

  app.openapi(listMembersRoute, async (c) => {
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

  app.openapi(createTokenRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await getMember(c.var.db, id))) throw new ApiError("not_found", "No member with this id.");
    const token = await createMemberToken(c.var.db, id);
    return c.json(CreatedMemberTokenSchema.parse(presentToken(token)), 201);
  });

  app.openapi(revokeTokenRoute, async (c) => {
    const { id, tokenId } = c.req.valid("param");
    const token = await revokeMemberToken(c.var.db, id, tokenId);
    if (!token) throw new ApiError("not_found", "No token with this id for this member.");
    return c.json(MemberTokenSchema.parse(presentToken(token)), 200);
  });

  app.openapi(setMembershipRoute, async (c) => {
    const { id, memberId } = c.req.valid("param");
    if (!(await applicationExists(c.var.db, id))) throw new ApiError("not_found", "No application with this id.");
    if (!(await getMember(c.var.db, memberId))) throw new ApiError("not_found", "No member with this id.");
    const membership = await setMembership(c.var.db, id, memberId, c.req.valid("json").role);
    return c.json(MembershipSchema.parse(presentMembership(membership)), 200);
  });

  app.openapi(removeMembershipRoute, async (c) => {
    const { id, memberId } = c.req.valid("param");
    const removed = await removeMembership(c.var.db, id, memberId);
    if (!removed) throw new ApiError("not_found", "This member is not in this application.");
    return c.json(MembershipSchema.parse(presentMembership(removed)), 200);
  });
}
