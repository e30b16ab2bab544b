/**
 * Signing in to the dashboard (issue 24) through the Worker's fetch handler: a member's personal
 * access token starts a session kept by an HttpOnly, Secure, SameSite=Strict cookie; pages read the
 * API as that member; a cross-site or token-less post is refused; signing out, or revoking the
 * token, ends the session; a refused token is answered with the API's message, in the page.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dashboardSessions } from "../../src/db/schema";
import {
  endSession,
  findSession,
  purgeEndedSessions,
  SESSION_LIFETIME_MS,
  startSession,
} from "../../src/domain/dashboard/sessions";
import { hashSecret } from "../../src/lib/crypto";
import { createTestApplication, db } from "../helpers/factories";
import { admin } from "../helpers/http";
import { csrfOf, ORIGIN, send, signIn } from "./helpers";

async function signedIn(role: "admin" | "viewer" = "viewer") {
  const app = await createTestApplication();
  const signed = await signIn(app.id, role);
  expect(signed.answer.status).toBe(303);
  return { app, ...signed };
}

describe("the dashboard's sign-in", () => {
  it("sends a visitor without a session to the sign-in page, which is a plain form under a strict CSP", async () => {
    const home = await send("/dashboard");
    expect(home.status).toBe(303);
    expect(home.headers.get("location")).toBe("/dashboard/sign-in");
    const page = await send("/dashboard/sign-in");
    expect(page.status).toBe(200);
    expect(page.html).toContain('<label for="token">Personal access token</label>');
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses an unknown token with the API's message, in the page", async () => {
    const answer = await send("/dashboard/sign-in", { form: { token: "mpt_unknown" }, origin: ORIGIN });
    expect(answer.status).toBe(401);
    expect(answer.html).toContain("Invalid personal access token: it is unknown, malformed or revoked.");
    expect(answer.headers.get("set-cookie")).toBeNull();
  });

  it("keeps the session in an HttpOnly, Secure, SameSite=Strict cookie, and reads the API as the member", async () => {
    const { app, setCookie, cookie } = await signedIn();
    expect(setCookie).toMatch(
      /^__Host-dashboard_session=ds_[A-Za-z0-9]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const home = await send("/dashboard", { cookie });
    expect(home.headers.get("location")).toBe(`/dashboard/connections?app=${app.id}&env=sandbox`);
    const providers = await send(`/dashboard/providers?app=${app.id}&env=sandbox`, { cookie });
    expect(providers.status).toBe(200);
    expect(providers.html).toContain("Samsara");
    expect(providers.html).toContain("(sandbox)");
    // Production lists no sandbox provider: the page shows the environment it names.
    const production = await send(`/dashboard/providers?app=${app.id}&env=production`, { cookie });
    expect(production.html).not.toContain("(sandbox)");
  });

  it("refuses a post from another site, and one without the session's CSRF token", async () => {
    const { app, cookie } = await signedIn();
    const page = await send(`/dashboard/providers?app=${app.id}`, { cookie });
    const csrf = csrfOf(page.html);
    expect(csrf).not.toBe("");
    const forged = await send("/dashboard/sign-out", { cookie, form: { _csrf: csrf }, origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(forged.html).toContain("posted from another site");
    const tokenless = await send("/dashboard/sign-out", { cookie, form: {}, origin: ORIGIN });
    expect(tokenless.status).toBe(403);
    // Neither ended the session.
    expect((await send(`/dashboard/providers?app=${app.id}`, { cookie })).status).toBe(200);
  });

  it("ends the session on sign-out and when the token is revoked", async () => {
    const first = await signedIn();
    const page = await send(`/dashboard/providers?app=${first.app.id}`, { cookie: first.cookie });
    const out = await send("/dashboard/sign-out", {
      cookie: first.cookie,
      form: { _csrf: csrfOf(page.html) },
      origin: ORIGIN,
    });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await send(`/dashboard/providers?app=${first.app.id}`, { cookie: first.cookie })).status).toBe(303);

    const second = await signedIn();
    expect((await send(`/dashboard/providers?app=${second.app.id}`, { cookie: second.cookie })).status).toBe(200);
    expect((await admin("DELETE", `/members/${second.member.id}/tokens/${second.member.tokenId}`)).status).toBe(200);
    const after = await send(`/dashboard/providers?app=${second.app.id}`, { cookie: second.cookie });
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe("/dashboard/sign-in");
  });
});

describe("ended sessions", () => {
  it("are removed a day after they expired or were signed out of, live ones kept", async () => {
    const longAgo = Date.now() - SESSION_LIFETIME_MS - 2 * 86_400_000;
    const owner = { kind: "operator", adminToken: "operator-token-for-the-purge-test" } as const;
    const expired = await startSession(db(), owner, longAgo);
    const signedOut = await startSession(db(), owner, longAgo);
    await endSession(db(), signedOut.token, longAgo + 1000);
    const live = await startSession(db(), owner);
    expect(await findSession(db(), expired.token)).toBeUndefined();
    expect(await findSession(db(), live.token)).toBeDefined();
    await purgeEndedSessions(db());
    const left = async (token: string) =>
      (
        await db()
          .select()
          .from(dashboardSessions)
          .where(eq(dashboardSessions.tokenHash, await hashSecret(token)))
      ).length;
    expect(await left(expired.token)).toBe(0);
    expect(await left(signedOut.token)).toBe(0);
    expect(await left(live.token)).toBe(1);
  });
});
