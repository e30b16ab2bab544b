import { hashSecret } from "../../lib/crypto";
import { LoginCache } from "../kit/login-cache";

/**
 * TN360 access tokens, kept per isolate: the identity server's password grant answers an access
 * token with its lifetime (`expires_in`), so the pages of a sync share one login. Only a cache:
 * a miss costs one login. A token is handed out until it is due for renewal (a tenth of its
 * lifetime early, at most a minute); one TN360 refuses sooner (401) is forgotten and re-acquired
 * once (client.ts). No refresh token is relied on: the reference does not say the identity
 * server issues one, and a password login renews as well.
 *
 * Keyed by (identity URL, client id, user name); handed out only to a caller with the same
 * password (its digest is kept, never the password).
 */
export type Tn360Token = {
  accessToken: string;
  /** When the token is due for renewal (before TN360 expires it), epoch ms. */
  renewAt: number;
  passwordDigest: string;
};

/** The renewal margin: a tenth of the lifetime, at most a minute. */
export function renewAt(issuedAt: number, expiresInSeconds: number): number {
  const lifetimeMs = Math.max(0, expiresInSeconds) * 1000;
  return issuedAt + lifetimeMs - Math.min(60_000, lifetimeMs / 10);
}

const tokens = new LoginCache<Tn360Token>({ usable: (token, now) => now < token.renewAt });

export const tokenKey = (identityUrl: string, clientId: string, username: string) =>
  JSON.stringify([identityUrl, clientId, username.toLowerCase()]);

export const passwordDigest = (password: string) => hashSecret(`tn360-token:${password}`);

export const cachedToken = (key: string, digest: string) => tokens.get(key, digest);

export const rememberToken = (key: string, token: Tn360Token) => tokens.remember(key, token);

/** Forgets a token TN360 refused (only that one: another caller may have renewed it already). */
export const forgetToken = (key: string, accessToken: string) =>
  tokens.forget(key, (cached) => cached.accessToken === accessToken);

/** Empties the cache (tests start an isolate's life over with it). */
export const clearTokens = () => tokens.clear();
