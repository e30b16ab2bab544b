import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_LIFETIME_MS } from "../domain/dashboard/sessions";
import { urlParts } from "../http/environments";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A local run over plain http (`npm start`): its cookie cannot be Secure. Anywhere else the cookie
 * is `__Host-` prefixed, which browsers accept only Secure, for the whole host and no other.
 */
const isLocal = (c: Context) => c.req.url.startsWith("http://") && LOOPBACK.has(urlParts(c.req.url).hostname);

const cookieName = (c: Context) => (isLocal(c) ? "dashboard_session" : "__Host-dashboard_session");

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, cookieName(c));
}

/**
 * The session's cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends
 * it: forms carry a CSRF token too, csrf.ts), Secure outside local runs, as long as the session.
 */
export function writeSessionCookie(c: Context, token: string): void {
  setCookie(c, cookieName(c), token, {
    httpOnly: true,
    secure: !isLocal(c),
    sameSite: "Strict",
    path: "/",
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, cookieName(c), { path: "/", secure: !isLocal(c), httpOnly: true, sameSite: "Strict" });
}
