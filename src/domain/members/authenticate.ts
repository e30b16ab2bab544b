import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type MemberRow, type MembershipRow, members, memberships, memberTokens } from "../../db/schema";
import { hashSecret } from "../../lib/crypto";
import { MEMBER_TOKEN_PREFIX } from "./manage";

export function isMemberToken(presented: string): boolean {
  return presented.startsWith(MEMBER_TOKEN_PREFIX);
}

/**
 * The member behind a live (not revoked) personal access token, with its token id and its
 * memberships. Undefined for an unknown, malformed or revoked token.
 */
export async function authenticateMemberToken(
  db: Database,
  presented: string,
): Promise<{ member: MemberRow; tokenId: string; memberships: MembershipRow[] } | undefined> {
  if (!isMemberToken(presented) || presented.length > 200) return undefined;
  const [found] = await db
    .select({ member: members, tokenId: memberTokens.id })
    .from(memberTokens)
    .innerJoin(members, eq(members.id, memberTokens.memberId))
    .where(and(eq(memberTokens.tokenHash, await hashSecret(presented)), isNull(memberTokens.revokedAt)))
    .limit(1);
  if (!found) return undefined;
  const rows = await db
    .select()
    .from(memberships)
    .where(eq(memberships.memberId, found.member.id))
    .orderBy(asc(memberships.applicationId));
  return { ...found, memberships: rows };
}
