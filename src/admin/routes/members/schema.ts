import { z } from "@hono/zod-openapi";
import { MEMBER_ROLES } from "../../../db/schema";
import { DateTimeSchema, idSchema } from "../../../http/schemas/common";
import { ApplicationIdParamsSchema } from "../applications/schema";

export const MemberIdParamsSchema = z.object({
  id: idSchema("member").openapi({ param: { name: "id", in: "path" } }),
});

/** `/applications/{id}/members/{memberId}`: a member's place in an application. */
export const MembershipParamsSchema = ApplicationIdParamsSchema.extend({
  memberId: idSchema("member").openapi({ param: { name: "memberId", in: "path" } }),
});

export const MemberTokenSchema = z
  .object({
    id: idSchema("memberToken"),
    hint: z
      .string()
      .openapi({ description: "Prefix and last four characters, to recognise the token.", example: "mpt_…x9Qa" }),
    createdAt: DateTimeSchema,
    revokedAt: DateTimeSchema.optional(),
  })
  .openapi("MemberToken");

export const CreatedMemberTokenSchema = MemberTokenSchema.extend({
  token: z.string().openapi({
    description:
      "The personal access token itself. Shown only in this response: only its hash is stored. Send it as `Authorization: Bearer mpt_…` to application-scope endpoints.",
    example: "mpt_3fQ9xZr1LmN8pT2vW6yB4cD7eH5jK0aS1uV3wX9Qa",
  }),
}).openapi("CreatedMemberToken");

export const MembershipSchema = z
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

export const MemberSchema = z
  .object({
    id: idSchema("member"),
    email: z.string().openapi({ example: "dana@example.com" }),
    createdAt: DateTimeSchema,
    memberships: z.array(MembershipSchema),
    tokens: z.array(MemberTokenSchema).openapi({ description: "Hints only, never the tokens themselves." }),
  })
  .openapi("Member");

export const CreatedMemberSchema = MemberSchema.extend({ token: CreatedMemberTokenSchema }).openapi("CreatedMember");

export const CreateMemberBodySchema = z
  .strictObject({ email: z.email().max(320).openapi({ example: "dana@example.com" }) })
  .openapi("CreateMemberRequest");

export const SetMembershipBodySchema = z
  .strictObject({ role: z.enum(MEMBER_ROLES).openapi({ example: "viewer" }) })
  .openapi("SetMembershipRequest");
