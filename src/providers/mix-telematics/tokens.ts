import { hashSecret } from "../../lib/crypto";
import { LoginCache } from "../kit/login-cache";

/**
 * MiX Integrate access tokens, kept per isolate (providers-more.md section 3): the password
 * grant answers an access token with its lifetime (`expires_in`) and a refresh token
 * (`offline_access`), so the pages of a sync share one login. Only a cache: a miss costs one
 * login. An entry stays after its access token is due for renewal, so that its refresh token can
 * renew it (client.ts) without sending the password again.
 *
 * Keyed by (identity URL, client id, user name); handed out only to a caller with the same
 * password (its digest is kept, never the password), as the other providers' logins are.
 */
export type MixToken = {
  accessToken: string;
  refreshToken?: string;
  /** When the access token is due for renewal (before MiX expires it), epoch ms. */
  renewAt: number;
  passwordDigest: string;
};

/** The renewal margin: a tenth of the lifetime, at most a minute (a short-lived token still serves 90 %). */
export function renewAt(issuedAt: number, expiresInSeconds: number): number {
  const lifetimeMs = Math.max(0, expiresInSeconds) * 1000;
  return issuedAt + lifetimeMs - Math.min(60_000, lifetimeMs / 10);
}

const tokens = new LoginCache<MixToken>();

export const tokenKey = (identityUrl: string, clientId: string, username: string) =>
  JSON.stringify([identityUrl, clientId, username.toLowerCase()]);

export const passwordDigest = (password: string) => hashSecret(`mix-token:${password}`);

/** The user's cached token for this password, due for renewal or not (the caller checks `renewAt`). */
export const cachedToken = (key: string, digest: string) => tokens.get(key, digest);

export const rememberToken = (key: string, token: MixToken) => tokens.remember(key, token);

/** Forgets a token MiX refused (only that one: another caller may have renewed it already). */
export const forgetToken = (key: string, accessToken: string) =>
  tokens.forget(key, (cached) => cached.accessToken === accessToken);

/** Empties the cache (tests start an isolate's life over with it). */
export const clearTokens = () => tokens.clear();
