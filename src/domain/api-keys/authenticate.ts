import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type ApiKeyKind, apiKeys, type ConnectionRow, type Environment, type MemberRole } from "../../db/schema";
import { hashSecret } from "../../lib/crypto";
import { TtlCache } from "../../lib/ttl-cache";
import { connectionByTokenHash, decodeConnection } from "../connections/find-by-token";
import { parseKeyPrefix } from "./format";

/** Who is calling: the application and environment an API key is bound to. */
export type ApiKeyPrincipal = {
  keyId: string;
  applicationId: string;
  environment: Environment;
  kind: ApiKeyKind;
};

/** A member acting on one application with a personal access token, in the environment of the base address. */
export type MemberPrincipal = {
  memberId: string;
  tokenId: string;
  applicationId: string;
  environment: Environment;
  kind: "member";
  role: MemberRole;
};

/** Who is calling: a secret key, or a member with a personal token (application-scope routes only). */
export type Principal = ApiKeyPrincipal | MemberPrincipal;

/**
 * Keys authenticated in this isolate lately, by hash, so that a client's steady stream of
 * requests costs no D1 round trip for its key. A key's principal never changes; only a
 * revocation ends it, which clears this memory in the isolate that revoked it and takes
 * effect everywhere else within the lifetime (config.ts authCacheMs). Unknown keys are not
 * remembered: a key created a moment ago must work at once.
 */
const recentKeys = new TtlCache<ApiKeyPrincipal>({ ttlMs: 5_000, maxEntries: 10_000 });

/** Whether this isolate remembers a live key with this hash (the flood shield lets it through: it costs D1 nothing). */
export function isRememberedKey(hash: string): boolean {
  return recentKeys.get(hash) !== undefined;
}

/** Forgets every remembered key: after a revocation. */
export function forgetAuthenticatedKeys(): void {
  recentKeys.clear();
}

function keyQuery(db: Database, hash: string) {
  return db
    .select({
      keyId: apiKeys.id,
      applicationId: apiKeys.applicationId,
      environment: apiKeys.environment,
      kind: apiKeys.kind,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
}

export type Authenticated = {
  /** The live key's principal; undefined for an unknown, malformed or revoked key. */
  principal: ApiKeyPrincipal | undefined;
  /** The connection of `connectionTokenHash` when one was asked for: null when none has it. */
  connection?: ConnectionRow | null;
};

/**
 * Finds the live (not revoked) key behind a presented API key, by its hash, from this isolate's
 * memory or the control database. With `connectionTokenHash`, the token's connection is read
 * too, in the same round trip as the key when the key is not remembered: a request that needs
 * both pays one trip for them, not two one after the other.
 */
export async function authenticateApiKey(
  db: Database,
  presented: string,
  options: { ttlMs: number; connectionTokenHash?: string; presentedHash?: string },
): Promise<Authenticated> {
  if (!parseKeyPrefix(presented) || presented.length > 200) return { principal: undefined };
  const hash = options.presentedHash ?? (await hashSecret(presented));
  const known = recentKeys.get(hash);
  const tokenHash = options.connectionTokenHash;
  if (known && tokenHash === undefined) return { principal: known };
  if (known && tokenHash !== undefined) {
    return { principal: known, connection: decodeConnection(await connectionByTokenHash(db, tokenHash)) ?? null };
  }
  if (tokenHash === undefined) {
    const [row] = await keyQuery(db, hash);
    if (row) recentKeys.set(hash, row, Date.now(), options.ttlMs);
    return { principal: row };
  }
  const [[row], connection] = await db.batch([keyQuery(db, hash), connectionByTokenHash(db, tokenHash)]);
  if (row) recentKeys.set(hash, row, Date.now(), options.ttlMs);
  return { principal: row, connection: decodeConnection(connection) ?? null };
}
