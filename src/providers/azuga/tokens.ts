import { hashSecret } from "../../lib/crypto";
import { LoginCache } from "../kit/login-cache";

/**
 * Azuga OAuth tokens, kept per isolate in module memory (providers-more.md §5): the login answers
 * a Bearer token with `expires_in` of about 180 days, so the pages of a sync reuse it. A Worker
 * keeps no memory it can rely on, so this is only a cache: a miss costs one login. A token is
 * used until a day before the expiry Azuga announced, and one Azuga refuses sooner (401: revoked,
 * password changed) is forgotten and re-acquired once (client.ts).
 *
 * Keyed by (auth URL, user name); handed out only to a caller with the same password (its hash is
 * kept, never the password).
 */
export type AzugaToken = { token: string; expiresAt: number; passwordDigest: string };

/** Renew this long before the announced expiry. */
export const RENEW_BEFORE_MS = 86_400_000;

const tokens = new LoginCache<AzugaToken>({ usable: (token, now) => now < token.expiresAt - RENEW_BEFORE_MS });

export const tokenKey = (authUrl: string, username: string) => JSON.stringify([authUrl, username.toLowerCase()]);

export const passwordDigest = (password: string) => hashSecret(`azuga-token:${password}`);

export const cachedToken = (key: string, digest: string, now = Date.now()) => tokens.get(key, digest, now);

export const rememberToken = (key: string, token: AzugaToken) => tokens.remember(key, token);

/** Forgets a refused token (only that one: another caller may have renewed it already). */
export const forgetToken = (key: string, token: string) => tokens.forget(key, (cached) => cached.token === token);

/** Empties the cache (tests start an isolate's life over with it). */
export const clearTokens = () => tokens.clear();
