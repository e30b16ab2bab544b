import { type SQL, sql } from "drizzle-orm";
import { publicTokenTtlMs } from "../../config";
import type { ServiceContext } from "../../context";
import { controlD1 } from "../../db/databases";
import { runBatch } from "../../db/raw";
import type { ConnectionRow } from "../../db/schema";
import type { Env } from "../../env";
import { hashSecret } from "../../lib/crypto";
import { randomBase62 } from "../../lib/random";

export const PUBLIC_TOKEN_PREFIX = "pub_tkn_";

export type PublicTokenWrite = {
  publicToken: string;
  expiresAt: Date;
  /** The statement storing it (hashed), only when `when` holds: for the batch of the change it ends. */
  statement: (when?: SQL) => SQL;
};

/**
 * A new one-time public token that ends the hosted consent flow, ready to be stored in the same
 * write as the connection it names. Only the flow mints them (no endpoint mints public tokens on
 * its own); the token is stored hashed and expires after PUBLIC_TOKEN_TTL_SECONDS.
 */
export async function publicTokenWrite(
  env: Env,
  connection: Pick<ConnectionRow, "id" | "applicationId" | "environment">,
): Promise<PublicTokenWrite> {
  const publicToken = PUBLIC_TOKEN_PREFIX + randomBase62(40);
  const now = Date.now();
  const expiresAt = new Date(now + publicTokenTtlMs(env));
  const tokenHash = await hashSecret(publicToken);
  return {
    publicToken,
    expiresAt,
    statement: (
      when,
    ) => sql`INSERT INTO public_tokens (token_hash, connection_id, application_id, environment, created_at, expires_at)
      SELECT ${tokenHash}, ${connection.id}, ${connection.applicationId}, ${connection.environment}, ${now}, ${expiresAt.getTime()}
      WHERE ${when ?? sql`1`}`,
  };
}

/** Mints and stores a public token on its own. */
export async function mintPublicToken(
  { env }: ServiceContext,
  connection: Pick<ConnectionRow, "id" | "applicationId" | "environment">,
): Promise<{ publicToken: string; expiresAt: Date }> {
  const minted = await publicTokenWrite(env, connection);
  await runBatch(controlD1(env), [minted.statement()]);
  return { publicToken: minted.publicToken, expiresAt: minted.expiresAt };
}
