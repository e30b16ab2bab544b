import { hashSecret } from "../../lib/crypto";
import { LoginCache } from "../kit/login-cache";

/**
 * GPS Insight session tokens, kept per isolate in module memory, so that the pages of a sync do
 * not each log in. A token "expires after about a day to a week" (providers-more.md §4) without
 * saying when: one is used for at most SESSION_MAX_AGE_MS and then replaced before GPS Insight
 * can drop it, and one it has dropped sooner (403 "session does not exist") is replaced once
 * (client.ts). A Worker keeps no memory it can rely on, so this is only a cache.
 *
 * Keyed by (base URL, user name); handed out only to a caller with the same password (its hash
 * is kept, never the password), so a connection whose password stopped working never rides on
 * another connection's token of the same user.
 */
export type GpsInsightSession = { token: string; passwordDigest: string; obtainedAt: number };

/** Well inside the shortest documented life ("about a day"). */
export const SESSION_MAX_AGE_MS = 12 * 3_600_000;
const sessions = new LoginCache<GpsInsightSession>({
  usable: (session, now) => now - session.obtainedAt < SESSION_MAX_AGE_MS,
});

export const sessionKey = (baseUrl: string, username: string) => JSON.stringify([baseUrl, username.toLowerCase()]);

export const passwordDigest = (password: string) => hashSecret(`gps-insight-session:${password}`);

/** The cached, still young session of a user, when it was opened with this password. */
export const cachedSession = (key: string, digest: string, now = Date.now()) => sessions.get(key, digest, now);

export const rememberSession = (key: string, session: GpsInsightSession) => sessions.remember(key, session);

export const forgetSession = (key: string, token: string) => sessions.forget(key, (session) => session.token === token);

/** Empties the cache (tests start an isolate's life over with it). */
export const clearSessions = () => sessions.clear();
