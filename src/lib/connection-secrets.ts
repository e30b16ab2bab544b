import type { Env } from "../env";
import { decrypt, encrypt, hashSecret } from "./crypto";
import { randomBase62 } from "./random";

export const CONNECTION_TOKEN_PREFIX = "con_tkn_";

/** A new connection token: prefix + 40 random base62 characters. */
export function generateConnectionToken(): string {
  return CONNECTION_TOKEN_PREFIX + randomBase62(40);
}

/** Token context for AES-GCM: a sealed token only opens on its own connection's row. */
const tokenContext = (connectionId: string) => `connection-token:${connectionId}`;
const credentialsContext = (connectionId: string) => `provider-credentials:${connectionId}`;

/** What the connections table stores of a token: its hash for lookup, and its ciphertext because the API returns it. */
export async function sealConnectionToken(env: Env, connectionId: string, token: string) {
  return {
    tokenHash: await hashSecret(token),
    tokenEncrypted: await encrypt(env.ENCRYPTION_KEY, token, tokenContext(connectionId)),
  };
}

export function openConnectionToken(env: Env, connectionId: string, sealed: string): Promise<string> {
  return decrypt(env.ENCRYPTION_KEY, sealed, tokenContext(connectionId));
}

export function sealCredentials(env: Env, connectionId: string, credentials: Record<string, string>) {
  return encrypt(env.ENCRYPTION_KEY, JSON.stringify(credentials), credentialsContext(connectionId));
}

export async function openCredentials(env: Env, connectionId: string, sealed: string): Promise<Record<string, string>> {
  return JSON.parse(await decrypt(env.ENCRYPTION_KEY, sealed, credentialsContext(connectionId)));
}
