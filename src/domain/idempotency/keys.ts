import { and, eq, lt } from "drizzle-orm";
import type { Tenant } from "../../context";
import type { Database } from "../../db/client";
import { type IdempotencyKeyRow, idempotencyKeys } from "../../db/schema";
import type { Env } from "../../env";
import { decrypt, encrypt, hashSecret } from "../../lib/crypto";

/** How long a key's response is kept for replay (Stripe: at least 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A `running` key older than this belongs to a request that died without finishing (an
 * isolate evicted mid-request); a retry may take it over rather than getting 409 for a day.
 */
export const STALE_RUNNING_MS = 2 * 60 * 1000;

/** What makes two requests "the same": method, environment, path and query, connection token (hashed), body bytes. */
export type RequestFingerprint = {
  method: string;
  environment: string;
  path: string;
  search: string;
  connectionTokenHash: string;
  body: string;
};

export function fingerprintRequest(request: RequestFingerprint): Promise<string> {
  const { method, environment, path, search, connectionTokenHash, body } = request;
  return hashSecret([method, environment, path, search, connectionTokenHash, body].join("\n"));
}

/** A stored response to replay. */
export type StoredResponse = { status: number; body: string; contentType: string | null };

export type ClaimResult =
  | { outcome: "claimed" }
  | { outcome: "mismatch" }
  | { outcome: "running" }
  | { outcome: "replay"; response: StoredResponse };

type KeyRef = Tenant & { key: string };

const whereKey = (ref: KeyRef) =>
  and(
    eq(idempotencyKeys.applicationId, ref.applicationId),
    eq(idempotencyKeys.environment, ref.environment),
    eq(idempotencyKeys.key, ref.key),
  );

/**
 * Claims a key for a request, atomically: the insert only succeeds when no live row holds the
 * key, so of two concurrent requests with one key exactly one runs. Otherwise the existing
 * row decides: another request (different hash), still running, or a response to replay.
 */
export async function claimIdempotencyKey(
  db: Database,
  env: Env,
  ref: KeyRef,
  requestHash: string,
  now = Date.now(),
): Promise<ClaimResult> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        applicationId: ref.applicationId,
        environment: ref.environment,
        key: ref.key,
        requestHash,
        status: "running",
        createdAt: new Date(now),
        expiresAt: new Date(now + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { outcome: "claimed" };

    const [row] = await db.select().from(idempotencyKeys).where(whereKey(ref)).limit(1);
    if (!row) continue; // Released between the insert and the read: try the insert again.
    if (isDead(row, now)) {
      // Expired, or abandoned while running: removed (only if unchanged) so the insert can win.
      await db.delete(idempotencyKeys).where(and(whereKey(ref), eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== requestHash) return { outcome: "mismatch" };
    if (row.status === "running" || row.responseStatus === null || row.responseBody === null) {
      return { outcome: "running" };
    }
    return {
      outcome: "replay",
      response: {
        status: row.responseStatus,
        body: await decrypt(env.ENCRYPTION_KEY, row.responseBody, sealContext(ref)),
        contentType: row.responseContentType,
      },
    };
  }
  // Two takeovers in a row lost to other requests: the key is busy.
  return { outcome: "running" };
}

/** Keeps the response of the request that claimed the key; encrypted, since responses carry tokens and secrets. */
export async function completeIdempotencyKey(db: Database, env: Env, ref: KeyRef, response: StoredResponse) {
  await db
    .update(idempotencyKeys)
    .set({
      status: "completed",
      responseStatus: response.status,
      responseBody: await encrypt(env.ENCRYPTION_KEY, response.body, sealContext(ref)),
      responseContentType: response.contentType,
    })
    .where(and(whereKey(ref), eq(idempotencyKeys.status, "running")));
}

/** Gives the key back when the request had no outcome worth replaying, so a retry runs again. */
export async function releaseIdempotencyKey(db: Database, ref: KeyRef) {
  await db.delete(idempotencyKeys).where(and(whereKey(ref), eq(idempotencyKeys.status, "running")));
}

/** Deletes expired keys (cron). Answers how many. */
export async function purgeExpiredIdempotencyKeys(db: Database, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, new Date(now)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

function isDead(row: IdempotencyKeyRow, now: number): boolean {
  if (row.expiresAt.getTime() <= now) return true;
  return row.status === "running" && row.createdAt.getTime() < now - STALE_RUNNING_MS;
}

/** The stored response opens only on its own key's row. */
const sealContext = (ref: KeyRef) => `idempotency:${ref.applicationId}:${ref.environment}:${ref.key}`;
