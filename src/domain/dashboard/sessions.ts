import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DashboardSessionRow, dashboardSessions, memberTokens } from "../../db/schema";
import { hashSecret, timingSafeEqualStrings } from "../../lib/crypto";
import { randomBase62 } from "../../lib/random";

/** How long a dashboard session lasts after its sign-in: a working day, then the member signs in again. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** Who signed in: a member with one of their personal access tokens, or the operator with the deployment's admin token. */
export type SessionOwner =
  | { kind: "member"; memberId: string; memberTokenId: string }
  | { kind: "operator"; adminToken: string };

/**
 * Starts a session for who signed in: a random token for the cookie (answered once, stored only as
 * its hash) and when it ends.
 */
export async function startSession(db: Database, owner: SessionOwner, now = Date.now()) {
  const token = `ds_${randomBase62(43)}`;
  const expiresAt = new Date(now + SESSION_LIFETIME_MS);
  await db.insert(dashboardSessions).values({
    tokenHash: await hashSecret(token),
    memberId: owner.kind === "member" ? owner.memberId : null,
    memberTokenId: owner.kind === "member" ? owner.memberTokenId : null,
    operator: owner.kind === "operator",
    adminTokenHash: owner.kind === "operator" ? await hashSecret(owner.adminToken) : null,
    createdAt: new Date(now),
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The live session of a cookie's token: not expired, not signed out, and for a member, the personal
 * access token it signed in with not revoked since (one read, the token joined).
 */
export async function findSession(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<DashboardSessionRow | undefined> {
  if (!/^ds_[A-Za-z0-9]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({ session: dashboardSessions, revokedToken: memberTokens.revokedAt, tokenId: memberTokens.id })
    .from(dashboardSessions)
    .leftJoin(memberTokens, eq(memberTokens.id, dashboardSessions.memberTokenId))
    .where(
      and(
        eq(dashboardSessions.tokenHash, await hashSecret(token)),
        isNull(dashboardSessions.revokedAt),
        gt(dashboardSessions.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (!row.session.operator && (row.tokenId === null || row.revokedToken !== null)) return undefined;
  return row.session;
}

/**
 * Whether an operator's session still stands for the deployment's admin token: one signed in with
 * a token since rotated (a new `ADMIN_TOKEN` secret) is over.
 */
export async function isOperatorSessionCurrent(session: DashboardSessionRow, adminToken: string): Promise<boolean> {
  if (!session.operator || session.adminTokenHash === null) return false;
  return timingSafeEqualStrings(session.adminTokenHash, await hashSecret(adminToken));
}

/** Ends a session (sign-out); ending one already ended changes nothing. */
export async function endSession(db: Database, token: string, now = Date.now()): Promise<void> {
  await db
    .update(dashboardSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(dashboardSessions.tokenHash, await hashSecret(token)), isNull(dashboardSessions.revokedAt)));
}

/** Sessions ended or expired more than a day ago are removed by the deletion sweep's schedule. */
const ENDED_SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Removes the sessions that expired, or were signed out of, more than a day ago; answers how many. */
export async function purgeEndedSessions(db: Database, now = Date.now()): Promise<number> {
  const before = new Date(now - ENDED_SESSION_RETENTION_MS);
  const deleted = await db
    .delete(dashboardSessions)
    .where(or(lt(dashboardSessions.expiresAt, before), lt(dashboardSessions.revokedAt, before)))
    .returning({ tokenHash: dashboardSessions.tokenHash });
  return deleted.length;
}
