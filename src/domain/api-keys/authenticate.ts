import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type ApiKeyKind, apiKeys, type Environment, type MemberRole } from "../../db/schema";
import { hashSecret } from "../../lib/crypto";
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
 * Finds the live (not revoked) key behind a presented API key, by its hash. Undefined for an
 * unknown, malformed or revoked key.
 */
export async function authenticateApiKey(db: Database, presented: string): Promise<ApiKeyPrincipal | undefined> {
  if (!parseKeyPrefix(presented) || presented.length > 200) return undefined;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      applicationId: apiKeys.applicationId,
      environment: apiKeys.environment,
      kind: apiKeys.kind,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, await hashSecret(presented)), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row;
}
