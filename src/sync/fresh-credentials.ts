import { and, eq } from "drizzle-orm";
import { createDatabase } from "../db/client";
import { type ConnectionRow, connections } from "../db/schema";
import type { Env } from "../env";
import { openCredentials, sealCredentials } from "../lib/connection-secrets";
import { ProviderError } from "../providers/errors";
import {
  accessTokenExpiry,
  GRANT_FIELDS,
  grantCredentials,
  isGrant,
  type OAuthSpec,
  refreshTokens,
} from "../providers/kit/oauth";
import { findProvider } from "../providers/registry";

/**
 * An access token is refreshed this long before it expires: a sync page, a snapshot refresh or a
 * passthrough request started with it is over well before, so none meets an expired token.
 */
export const REFRESH_MARGIN_MS = 5 * 60_000;

type CredentialsOf = Pick<ConnectionRow, "id" | "provider" | "credentialsEncrypted">;

/**
 * A connection's provider credentials, ready to use: an OAuth grant's access token is refreshed
 * first when it expires within REFRESH_MARGIN_MS, or when the provider has just refused it
 * (`rejectedAccessToken`, revoked or expired early). A grant the provider no longer takes throws
 * ProviderError("unauthorized"); disconnecting the connection is the caller's (disconnect.ts).
 */
export async function connectionCredentials(
  env: Env,
  connection: CredentialsOf,
  options: { rejectedAccessToken?: string } = {},
): Promise<Readonly<Record<string, string>>> {
  const sealed = connection.credentialsEncrypted;
  if (sealed === null) throw new ProviderError("unauthorized", "The connection has no provider credentials.");
  const credentials = await openCredentials(env, connection.id, sealed);
  const spec = findProvider(connection.provider)?.oauth;
  if (!spec || !isGrant(credentials) || usable(credentials, options.rejectedAccessToken)) return credentials;
  // One refresh per connection at a time in this isolate; other isolates race through D1 (below).
  const key = `${connection.id}|${credentials[GRANT_FIELDS.refreshToken]}`;
  let refreshing = inFlight.get(key);
  if (!refreshing) {
    refreshing = refresh(env, connection.id, spec, options.rejectedAccessToken).finally(() => inFlight.delete(key));
    inFlight.set(key, refreshing);
  }
  return refreshing;
}

const inFlight = new Map<string, Promise<Readonly<Record<string, string>>>>();

/** Whether credentials in hand may still be used as they are (anything but a grant about to expire). */
export function stillFresh(credentials: Readonly<Record<string, string>>): boolean {
  return !isGrant(credentials) || usable(credentials, undefined);
}

function usable(credentials: Readonly<Record<string, string>>, rejected: string | undefined): boolean {
  if (rejected !== undefined && credentials[GRANT_FIELDS.accessToken] === rejected) return false;
  return accessTokenExpiry(credentials) - Date.now() > REFRESH_MARGIN_MS;
}

/**
 * Refreshes the grant as stored now (another isolate may have refreshed it since the caller read
 * the connection), and stores the new tokens only over the credentials it refreshed: of two
 * refreshes at once, one is stored and both callers use it. A refresh token refused because another
 * refresh used it first (rotating refresh tokens) finds the winner's tokens stored, and uses them.
 */
async function refresh(
  env: Env,
  connectionId: string,
  spec: OAuthSpec,
  rejected: string | undefined,
): Promise<Readonly<Record<string, string>>> {
  const db = createDatabase(env.DB);
  const stored = await storedCredentials(env, connectionId);
  if (usable(stored.credentials, rejected)) return stored.credentials;
  let tokens: Awaited<ReturnType<typeof refreshTokens>>;
  try {
    tokens = await refreshTokens(spec, env, stored.credentials);
  } catch (error) {
    if (!(error instanceof ProviderError && error.kind === "unauthorized")) throw error;
    const now = await storedCredentials(env, connectionId);
    if (now.sealed !== stored.sealed && isGrant(now.credentials)) return now.credentials;
    throw new ProviderError(
      "unauthorized",
      `The provider no longer accepts the connection's authorization (the customer revoked the app's access, or the grant expired): ${error.message}`,
    );
  }
  const { accessToken: _a, refreshToken: _r, accessTokenExpiresAt: _e, ...kept } = stored.credentials;
  const renewed = grantCredentials(tokens, kept);
  const written = await db
    .update(connections)
    .set({ credentialsEncrypted: await sealCredentials(env, connectionId, renewed) })
    .where(and(eq(connections.id, connectionId), eq(connections.credentialsEncrypted, stored.sealed)))
    .returning({ id: connections.id });
  if (written.length === 1) return renewed;
  // Another refresh was stored first: its tokens are the grant's now (with rotating refresh tokens,
  // ours may already be void).
  return (await storedCredentials(env, connectionId)).credentials;
}

async function storedCredentials(env: Env, connectionId: string) {
  const [row] = await createDatabase(env.DB)
    .select({ sealed: connections.credentialsEncrypted })
    .from(connections)
    .where(eq(connections.id, connectionId))
    .limit(1);
  if (!row?.sealed) throw new ProviderError("unauthorized", "The connection has no provider credentials.");
  return { sealed: row.sealed, credentials: await openCredentials(env, connectionId, row.sealed) };
}
