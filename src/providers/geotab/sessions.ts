import { hashSecret } from "../../lib/crypto";
import { LoginCache } from "../kit/login-cache";
import type { GeotabSessionCredentials } from "./payloads";

/**
 * MyGeotab sessions, kept per isolate in module memory. Authenticate is limited to 10 calls a
 * minute per user and a session lives up to 14 days, so every page of a sync must not log in
 * again; a Worker has no memory between requests it can rely on, though, so this is only a
 * cache: a miss (a new isolate) or an expired session (InvalidUserException) costs one
 * Authenticate (client.ts re-authenticates once and retries the call).
 *
 * Keyed by (server, database, userName). A session is handed out only to a caller with the same
 * password (its SHA-256 is kept, never the password): a connection whose password no longer
 * works must not ride on another connection's session of the same user.
 */
export type GeotabSession = {
  /** Origin of the server the session lives on (after federation). */
  origin: string;
  credentials: GeotabSessionCredentials;
  passwordDigest: string;
};

/** Every connection an isolate serves at once has room. */
const sessions = new LoginCache<GeotabSession>();

export const sessionKey = (origin: string, database: string, userName: string) =>
  JSON.stringify([origin, database.toLowerCase(), userName.toLowerCase()]);

export const passwordDigest = (password: string) => hashSecret(`geotab-session:${password}`);

/** The cached session of a user, when it was opened with this password. */
export const cachedSession = (key: string, digest: string) => sessions.get(key, digest);

export const rememberSession = (key: string, session: GeotabSession) => sessions.remember(key, session);

export const forgetSession = (key: string, sessionId: string) =>
  sessions.forget(key, (session) => session.credentials.sessionId === sessionId);

/** Empties the cache (tests use it to start an isolate's life over). */
export const clearSessions = () => sessions.clear();
