import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type ApiKeyKind, apiKeys, type Environment, type MemberRole } from "../../db/schema";
import { hashSecret } from "../../lib/crypto";
import { TtlCache } from "../../lib/ttl-cache";
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
 * effect everywhere else within the TTL. Unknown keys are not remembered: a key created a
 * moment ago must work at once.
 */
export const API_KEY_CACHE_TTL_MS = 5_000;
const recentKeys = new TtlCache<ApiKeyPrincipal>({ ttlMs: API_KEY_CACHE_TTL_MS, maxEntries: 10_000 });

/** Forgets every remembered key: after a revocation. */
export function forgetAuthenticatedKeys(): void {
  recentKeys.clear();
}

/**
 * Finds the live (not revoked) key behind a presented API key, by its hash. Undefined for an
 * unknown, malformed or revoked key.
 */
export async function authenticateApiKey(db: Database, presented: string): Promise<ApiKeyPrincipal | undefined> {
  if (!parseKeyPrefix(presented) || presented.length > 200) return undefined;
  const hash = await hashSecret(presented);
  const known = recentKeys.get(hash);
  if (known) return known;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      applicationId: apiKeys.applicationId,
      environment: apiKeys.environment,
      kind: apiKeys.kind,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (row) recentKeys.set(hash, row);
  return row;
}
