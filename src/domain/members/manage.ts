import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { selectInChunks } from "../../db/in-chunks";
import { afterKey } from "../../db/keyset";
import {
  applications,
  type MemberRole,
  type MemberRow,
  type MembershipRow,
  type MemberTokenRow,
  members,
  memberships,
  memberTokens,
} from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { hashSecret } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { randomBase62 } from "../../lib/random";
import { keyHint } from "../api-keys/format";

/** Prefix of a member's personal access token: `mpt_` + 40 base62 characters (about 238 bits). */
export const MEMBER_TOKEN_PREFIX = "mpt_";
const MEMBER_TOKEN_RANDOM_LENGTH = 40;

/** A token as created: the plaintext is shown once and never stored. */
export type CreatedMemberToken = MemberTokenRow & { token: string };

/** A member with its memberships and tokens (hints only). */
export type MemberDetails = { member: MemberRow; memberships: MembershipRow[]; tokens: MemberTokenRow[] };

export function generateMemberToken(): string {
  return MEMBER_TOKEN_PREFIX + randomBase62(MEMBER_TOKEN_RANDOM_LENGTH);
}

async function tokenRow(memberId: string, now: Date): Promise<{ created: CreatedMemberToken; row: MemberTokenRow }> {
  const token = generateMemberToken();
  const row: MemberTokenRow = {
    id: newId("memberToken", now.getTime()),
    memberId,
    tokenHash: await hashSecret(token),
    hint: keyHint(token),
    createdAt: now,
    revokedAt: null,
  };
  return { created: { ...row, token }, row };
}

export async function findMemberByEmail(db: Database, email: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.email, email)).limit(1);
  return row;
}

/**
 * Creates a member with a first personal access token, in one batch (both or neither).
 * Undefined when the email is taken, including by a concurrent request.
 */
export async function createMember(
  db: Database,
  email: string,
): Promise<{ member: MemberRow; token: CreatedMemberToken } | undefined> {
  const now = new Date();
  const member: MemberRow = { id: newId("member", now.getTime()), email, createdAt: now };
  const { created, row } = await tokenRow(member.id, now);
  try {
    await db.batch([db.insert(members).values(member), db.insert(memberTokens).values(row)]);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  return { member, token: created };
}

/** One more personal access token for a member. */
export async function createMemberToken(db: Database, memberId: string): Promise<CreatedMemberToken> {
  const { created, row } = await tokenRow(memberId, new Date());
  await db.insert(memberTokens).values(row);
  return created;
}

/** Revokes a member's token; revoking twice keeps the first time. Undefined when no such token. */
export async function revokeMemberToken(
  db: Database,
  memberId: string,
  tokenId: string,
): Promise<MemberTokenRow | undefined> {
  const where = and(eq(memberTokens.id, tokenId), eq(memberTokens.memberId, memberId));
  const [token] = await db.select().from(memberTokens).where(where).limit(1);
  if (!token || token.revokedAt) return token;
  const [revoked] = await db.update(memberTokens).set({ revokedAt: new Date() }).where(where).returning();
  return revoked;
}

/** A member with memberships and tokens, or undefined. */
export async function getMember(db: Database, id: string): Promise<MemberDetails | undefined> {
  const [found, memberRows, tokens] = await db.batch([
    db.select().from(members).where(eq(members.id, id)).limit(1),
    db.select().from(memberships).where(eq(memberships.memberId, id)).orderBy(asc(memberships.applicationId)),
    db.select().from(memberTokens).where(eq(memberTokens.memberId, id)).orderBy(asc(memberTokens.id)),
  ]);
  const member = found[0];
  return member ? { member, memberships: memberRows, tokens } : undefined;
}

/** One page of members in creation order (`limit + 1` rows), with memberships and tokens: three queries. */
export async function listMembers(db: Database, page: { limit: number; afterId?: string }): Promise<MemberDetails[]> {
  const rows = await db
    .select()
    .from(members)
    .where(page.afterId === undefined ? undefined : afterKey([members.id], [page.afterId], "asc"))
    .orderBy(asc(members.id))
    .limit(page.limit + 1);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // In chunks: a page of 101+ members would pass D1's 100 bound parameters per statement.
  const [memberRows, tokens] = await Promise.all([
    selectInChunks(ids, (chunk) =>
      db.select().from(memberships).where(inArray(memberships.memberId, chunk)).orderBy(asc(memberships.applicationId)),
    ),
    selectInChunks(ids, (chunk) =>
      db.select().from(memberTokens).where(inArray(memberTokens.memberId, chunk)).orderBy(asc(memberTokens.id)),
    ),
  ]);
  return rows.map((member) => ({
    member,
    memberships: memberRows.filter((row) => row.memberId === member.id),
    tokens: tokens.filter((row) => row.memberId === member.id),
  }));
}

export async function applicationExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: applications.id }).from(applications).where(eq(applications.id, id)).limit(1);
  return row !== undefined;
}

/** Adds a member to an application, or changes its role there. */
export async function setMembership(
  db: Database,
  applicationId: string,
  memberId: string,
  role: MemberRole,
): Promise<MembershipRow> {
  const [row] = await db
    .insert(memberships)
    .values({ memberId, applicationId, role, createdAt: new Date() })
    .onConflictDoUpdate({ target: [memberships.memberId, memberships.applicationId], set: { role } })
    .returning();
  if (!row) throw new Error("membership not written");
  return row;
}

/** Removes a member from an application. Undefined when it was not a member. */
export async function removeMembership(
  db: Database,
  applicationId: string,
  memberId: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .delete(memberships)
    .where(and(eq(memberships.memberId, memberId), eq(memberships.applicationId, applicationId)))
    .returning();
  return row;
}
