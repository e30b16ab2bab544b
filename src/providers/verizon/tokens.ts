import { hashSecret } from "../../lib/crypto";
import { LoginCache } from "../kit/login-cache";

/**
 * Verizon Connect tokens, kept per isolate in module memory (providers-more.md 1.1): `GET /token`
 * answers a token valid about 20 minutes, with no refresh grant, so every page of a sync must
 * not ask for a new one. A Worker has no memory between requests it can rely on, so this is only
 * a cache: a miss costs one `GET /token`, and a token is used only until TOKEN_REUSE_MS after it
 * was issued (integrators refresh at 15 minutes), so it is renewed before Verizon expires it;
 * one Verizon refuses anyway (401) is forgotten and re-acquired once (client.ts).
 *
 * Keyed by (base URL, user name). A token is handed out only to a caller with the same password
 * (its SHA-256 is kept, never the password), as Geotab's sessions are (geotab/sessions.ts).
 */
export type VerizonToken = { token: string; issuedAt: number; passwordDigest: string };

/** How long a token is used after it was issued: 15 of its about 20 minutes. */
export const TOKEN_REUSE_MS = 15 * 60_000;

const tokens = new LoginCache<VerizonToken>({ usable: (token, now) => now - token.issuedAt < TOKEN_REUSE_MS });

export const tokenKey = (baseUrl: string, username: string) => JSON.stringify([baseUrl, username.toLowerCase()]);

export const passwordDigest = (password: string) => hashSecret(`verizon-token:${password}`);

/** The cached token of a user, when it was issued for this password and is not due for renewal. */
export const cachedToken = (key: string, digest: string, now = Date.now()) => tokens.get(key, digest, now);

export const rememberToken = (key: string, token: VerizonToken) => tokens.remember(key, token);

/** Forgets a token Verizon refused (only that one: another caller may have renewed it already). */
export const forgetToken = (key: string, token: string) => tokens.forget(key, (cached) => cached.token === token);

/** Empties the cache (tests use it to start an isolate's life over). */
export const clearTokens = () => tokens.clear();
