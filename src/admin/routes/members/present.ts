import type { MembershipRow, MemberTokenRow } from "../../../db/schema";
import type { MemberDetails } from "../../../domain/members/manage";

/** A member token: its hint, and the token itself only right after it was made (CreatedMemberTokenSchema). */
export function presentMemberToken(token: MemberTokenRow & { token?: string }) {
  return {
    id: token.id,
    hint: token.hint,
    createdAt: token.createdAt.toISOString(),
    ...(token.revokedAt ? { revokedAt: token.revokedAt.toISOString() } : {}),
    ...(token.token ? { token: token.token } : {}),
  };
}

export function presentMembership(row: MembershipRow) {
  return {
    memberId: row.memberId,
    applicationId: row.applicationId,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentMember({ member, memberships, tokens }: MemberDetails) {
  return {
    id: member.id,
    email: member.email,
    createdAt: member.createdAt.toISOString(),
    memberships: memberships.map(presentMembership),
    tokens: tokens.map((token) => presentMemberToken(token)),
  };
}
