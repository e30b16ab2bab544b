/**
 * The dashboard's link page (issue 24): an admin creates a short link of the hosted flow with its
 * presets through POST /link/short, sees the address the API answered (which opens the flow) with
 * a copy button run under the page's CSP nonce, and deletes it; a field the route refuses comes
 * back as the route's message with the form kept; a viewer gets no form and the route refuses their
 * posts; a cross-site post is refused.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkShortLinks } from "../../src/db/schema";
import { createTestApplication, db, type TestApplication, uniqueName } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { flowRequest, LINK } from "../link/flow-helpers";
import { csrfOf, ORIGIN, send, signIn } from "./helpers";

const DAY_MS = 24 * 60 * 60 * 1000;

const pagePath = (app: TestApplication) => `/dashboard/link?app=${app.id}&env=sandbox`;

/** A form post from this site. */
const post = (path: string, cookie: string, form: Record<string, string>) =>
  send(path, { cookie, form, origin: ORIGIN });

/** Text as the page's HTML writes it. */
const html = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

/** The short links stored for an application, whatever their state. */
const linksOf = (app: TestApplication) =>
  db().select().from(linkShortLinks).where(eq(linkShortLinks.applicationId, app.id));

/** The address the page shows in its read-only field. */
const shownUrl = (page: string) => /id="short-link-url"[^>]*value="([^"]+)"/.exec(page)?.[1];

/** The POST /link/short body a REST client sends for the same presets. */
const apiCreate = (app: TestApplication, body: Record<string, unknown>) =>
  call("POST", `${BASE.sandbox}/link/short`, { key: app.keys.sandbox.secret, body });

describe("the link page", () => {
  it("lets an admin create a short link whose address is the API's, opens the flow, and deletes it", async () => {
    const app = await createTestApplication();
    const { cookie } = await signIn(app.id, "admin");
    const page = await send(pagePath(app), { cookie });
    expect(page.status).toBe(200);
    expect(page.html).toContain("Create the short link");
    // The provider choices are GET /providers' providers.
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    for (const provider of providers.body as { code: string }[])
      expect(page.html).toContain(`<option value="${provider.code}"`);

    const name = uniqueName("Acme Trucking");
    const expiry = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 16);
    const created = await post(pagePath(app), cookie, {
      _csrf: csrfOf(page.html),
      name,
      provider: "sandbox",
      externalId: "customer-42",
      tags: "fleet-a, east,",
      syncMode: "manual",
      backfillDays: "30",
      backfillStartFrom: "",
      providerHints: "",
      redirectUrl: "https://example.com/connected",
      template: "",
      expiresAt: expiry,
    });
    expect(created.status, created.html).toBe(200);
    const url = shownUrl(created.html);
    expect(url).toMatch(/^https:\/\/link\.telematics\.test\/s\/[a-hjkmnp-z2-9]{8}$/);

    // The same presets sent by a REST client answer the same link: the page shows what the API answered.
    const replay = await apiCreate(app, {
      name,
      provider: "sandbox",
      externalId: "customer-42",
      tags: ["fleet-a", "east"],
      syncMode: "manual",
      backfill: { days: 30 },
      redirectUrl: "https://example.com/connected",
      expiresAt: `${expiry}:00Z`,
    });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.url).toBe(url);
    expect(replay.body.expiresAt).toBe(`${expiry}:00.000Z`);
    expect(created.html).toContain(`datetime="${replay.body.expiresAt}"`);
    expect(await linksOf(app)).toHaveLength(1);

    // The copy button: hidden until the script shows it, announcing into a live region; the script carries the CSP nonce.
    expect(created.html).toMatch(/<button[^>]*hidden[^>]*data-copy="short-link-url"[^>]*>Copy<\/button>/);
    expect(created.html).toMatch(/<p id="short-link-url-copied"[^>]*role="status" aria-live="polite">/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(created.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(created.html).toContain(`<script nonce="${nonce}">`);
    expect(created.html).toContain("navigator.clipboard.writeText");

    // The address opens the hosted flow with the link's presets.
    const resolved = await flowRequest("GET", new URL(url as string).pathname);
    expect(resolved.status).toBe(302);
    expect(resolved.location).toBe(`/?short_code=${replay.body.code}`);
    const opened = await flowRequest("GET", resolved.location as string);
    expect(opened.status, opened.text).toBe(303);
    const flow = await flowRequest("GET", new URL(opened.location as string, LINK).pathname);
    expect(flow.status).toBe(200);

    // Deleted from the page: the address no longer opens the flow.
    const deleteAction = /action="(\/dashboard\/link\/slk_[^"]+\/delete[^"]*)"/.exec(created.html)?.[1];
    expect(deleteAction).toBe(`/dashboard/link/${replay.body.id}/delete?app=${app.id}&amp;env=sandbox`);
    const deleted = await post(deleteAction?.replaceAll("&amp;", "&") as string, cookie, {
      _csrf: csrfOf(created.html),
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe(`/dashboard/link?app=${app.id}&env=sandbox&deleted=1`);
    expect((await send(deleted.location as string, { cookie })).html).toContain("The short link was deleted");
    expect((await flowRequest("GET", resolved.location as string)).status).toBe(410);
  });

  it("shows the route's message with the form kept when the route refuses a field: 400, nothing created", async () => {
    const app = await createTestApplication();
    const { cookie } = await signIn(app.id, "admin");
    const csrf = csrfOf((await send(pagePath(app), { cookie })).html);
    const name = uniqueName("Acme");
    const refused = await post(pagePath(app), cookie, { _csrf: csrf, name, redirectUrl: "javascript:alert(1)" });
    expect(refused.status).toBe(400);
    const expected = await apiCreate(app, { name, redirectUrl: "javascript:alert(1)" });
    expect(expected.status).toBe(400);
    expect(refused.html).toContain(`<p class="error" role="alert">${html(expected.body.message)}</p>`);
    expect(refused.html).toContain(`value="${html(name)}"`);
    expect(refused.html).toContain('value="javascript:alert(1)"');
    expect(shownUrl(refused.html)).toBeUndefined();

    // A rule that spans two fields is the route's too.
    const both = await post(pagePath(app), cookie, { _csrf: csrf, backfillDays: "3", backfillStartFrom: "2025-01-06" });
    expect(both.status).toBe(400);
    const bothExpected = await apiCreate(app, { backfill: { days: 3, startFrom: "2025-01-06" } });
    expect(both.html).toContain(html(bothExpected.body.message));
    expect(await linksOf(app)).toHaveLength(0);
  });

  it("shows a viewer no form, and the route refuses their posts even with a valid token", async () => {
    const app = await createTestApplication();
    const existing = await apiCreate(app, { name: uniqueName("Acme") });
    expect(existing.status).toBe(201);
    const { cookie } = await signIn(app.id, "viewer");
    const page = await send(pagePath(app), { cookie });
    expect(page.status).toBe(200);
    expect(page.html).toContain("needs the admin role");
    expect(page.html).not.toContain('action="/dashboard/link?');
    expect(page.html).not.toContain("Create the short link");
    const csrf = csrfOf(page.html);

    const forged = await post(pagePath(app), cookie, { _csrf: csrf, name: uniqueName("Forged") });
    expect(forged.status).toBe(403);
    expect(forged.html).toContain("This action needs the admin role.");
    const forgedDelete = await post(`/dashboard/link/${existing.body.id}/delete?app=${app.id}`, cookie, {
      _csrf: csrf,
    });
    expect(forgedDelete.status).toBe(403);
    const links = await linksOf(app);
    expect(links.map((link) => [link.id, link.deletedAt])).toEqual([[existing.body.id, null]]);
  });

  it("refuses a post from another site, even with the session's token", async () => {
    const app = await createTestApplication();
    const { cookie } = await signIn(app.id, "admin");
    const csrf = csrfOf((await send(pagePath(app), { cookie })).html);
    const crossSite = await send(pagePath(app), {
      cookie,
      form: { _csrf: csrf, name: uniqueName("Acme") },
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.html).toContain("posted from another site");
    const stale = await post(pagePath(app), cookie, { _csrf: "not-the-token", name: uniqueName("Acme") });
    expect(stale.status).toBe(403);
    expect(await linksOf(app)).toHaveLength(0);
  });
});
