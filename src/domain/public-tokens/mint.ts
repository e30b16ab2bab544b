import { type ConnectionRow, publicTokens } from "../../db/schema";
import { hashSecret } from "../../lib/crypto";
import { randomBase62 } from "../../lib/random";
import { publicTokenTtlMs } from "../config";
import type { ServiceContext } from "../context";

export const PUBLIC_TOKEN_PREFIX = "pub_tkn_";

/**
 * Mints the one-time public token that ends the hosted consent flow. Only the flow calls
 * this (no endpoint mints public tokens on its own); the token is stored hashed and expires
 * after PUBLIC_TOKEN_TTL_SECONDS.
 */
export async function mintPublicToken(
  { db, env }: ServiceContext,
  connection: Pick<ConnectionRow, "id" | "applicationId" | "environment">,
): Promise<{ publicToken: string; expiresAt: Date }> {
  const publicToken = PUBLIC_TOKEN_PREFIX + randomBase62(40);
  const now = Date.now();
  const expiresAt = new Date(now + publicTokenTtlMs(env));
  await db.insert(publicTokens).values({
    tokenHash: await hashSecret(publicToken),
    connectionId: connection.id,
    applicationId: connection.applicationId,
    environment: connection.environment,
    createdAt: new Date(now),
    expiresAt,
  });
  return { publicToken, expiresAt };
}
