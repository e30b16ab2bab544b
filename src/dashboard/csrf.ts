import type { Context } from "hono";
import { ApiError } from "../http/errors";
import { sign, timingSafeEqualStrings } from "../lib/crypto";
import { toBase64Url, utf8 } from "../lib/encoding";

/** The form field every dashboard form posts its CSRF token in. */
export const CSRF_FIELD = "_csrf";

/**
 * The CSRF token of a session: an HMAC of the session's cookie value, so it needs no storage, differs
 * per session, and no other site can compute it (it knows neither the cookie nor the key).
 */
export async function csrfTokenOf(secret: string, sessionToken: string): Promise<string> {
  return toBase64Url(await sign(secret, "dashboard-csrf", utf8.encode(sessionToken)));
}

/**
 * Refuses a post another site made: its Origin (or Sec-Fetch-Site) says it came from elsewhere, or
 * (with a session) its CSRF token is not the session's. Sign-in has no session yet: only the origin
 * is checked there.
 */
export async function requireSameSitePost(
  c: Context,
  form: Record<string, unknown>,
  sessionToken?: string,
): Promise<void> {
  // The host the browser addressed (a local runtime may rewrite the URL it hands the Worker, not this).
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const origin = c.req.header("origin");
  const fetchSite = c.req.header("sec-fetch-site");
  // Sec-Fetch-Site, where the browser sends it, says it all; otherwise the Origin's host must be this
  // one (an opaque `null` origin, a sandboxed frame's, is refused).
  const foreign =
    fetchSite !== undefined
      ? fetchSite !== "same-origin" && fetchSite !== "none"
      : origin !== undefined && (origin === "null" || new URL(origin).host !== host);
  if (foreign) {
    throw new ApiError("forbidden", "This form was posted from another site; it was refused.");
  }
  if (sessionToken === undefined) return;
  const expected = await csrfTokenOf(c.env.ENCRYPTION_KEY, sessionToken);
  const presented = form[CSRF_FIELD];
  if (typeof presented !== "string" || !timingSafeEqualStrings(presented, expected)) {
    throw new ApiError("forbidden", "This form's security token is missing or stale; reload the page and try again.");
  }
}
