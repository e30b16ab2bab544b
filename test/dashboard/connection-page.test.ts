/**
 * A connection's dashboard page (issue 24): its account, syncs and issues as the REST routes give
 * them; an admin requests a sync, resolves an issue and cancels a pending deletion through the page;
 * a viewer sees none of those controls, and the server refuses their posts even with a valid token.
 */
import { describe, expect, it } from "vitest";
import { syncedConnection } from "../destinations/delivery-helpers";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { csrfOf, ORIGIN, send, signIn } from "./helpers";

/** A GET of a page, or a form post from this site. */
const request = (path: string, cookie: string, form?: Record<string, string>) =>
  send(path, { cookie, ...(form ? { form, origin: ORIGIN } : {}) });

async function fixture() {
  const app = await createTestApplication();
  const key = app.keys.sandbox.secret;
  const connection = await syncedConnection(app, 1, {
    options: { sandbox: { fleetSize: 2, issues: ["unknown_device_type"] } },
  });
  const issues = await call("GET", `${BASE.sandbox}/issues?connectionId=${connection.id}`, { key });
  const issue = issues.body.results[0] as { id: string; status: string };
  expect(issue.status).toBe("ongoing");
  const path = `/dashboard/connections/${connection.id}?app=${app.id}&env=sandbox`;
  return { app, key, connection, issue, path };
}

describe("a connection's page", () => {
  it("lets an admin request a sync, resolve an issue and cancel a pending deletion", async () => {
    const { app, key, connection, issue, path } = await fixture();
    const { cookie } = await signIn(app.id, "admin");
    const page = await request(path, cookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain("unknown_device_type");
    expect(page.html).toContain("Request a sync");
    const csrf = csrfOf(page.html);
    const base = `/dashboard/connections/${connection.id}`;

    const resolved = await request(`${base}/issues/${issue.id}/resolve?app=${app.id}`, cookie, { _csrf: csrf });
    expect(resolved.status).toBe(303);
    const after = await call("GET", `${BASE.sandbox}/issues?connectionId=${connection.id}`, { key });
    expect(after.body.results.find((item: { id: string }) => item.id === issue.id).status).toBe("resolved");

    const before = await call("GET", `${BASE.sandbox}/syncs`, connection.caller);
    const requested = await request(`${base}/sync?app=${app.id}`, cookie, { _csrf: csrf });
    expect(requested.status).toBe(303);
    const syncs = await call("GET", `${BASE.sandbox}/syncs`, connection.caller);
    expect(syncs.body.results.length).toBe(before.body.results.length + 1);

    // A pending deletion (asked with the connection's token) is cancelled from the page.
    expect((await call("DELETE", `${BASE.sandbox}/connections/current`, connection.caller)).status).toBeLessThan(300);
    const pending = await request(path, cookie);
    expect(pending.html).toContain("Cancel the deletion");
    const cancelled = await request(`${base}/cancel-deletion?app=${app.id}`, cookie, { _csrf: csrfOf(pending.html) });
    expect(cancelled.status).toBe(303);
    const current = await call("GET", `${BASE.sandbox}/connections/${connection.id}`, { key });
    // The contract: a cancelled deletion leaves the connection archived, not deleted.
    expect(current.body.status).toBe("archived");
  });

  it("shows a viewer no controls, and refuses their posts on the server", async () => {
    const { app, key, connection, issue, path } = await fixture();
    const { cookie } = await signIn(app.id, "viewer");
    const page = await request(path, cookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain("unknown_device_type");
    expect(page.html).not.toContain("Request a sync");
    expect(page.html).not.toContain(">Resolve<");
    const csrf = csrfOf(page.html);
    const base = `/dashboard/connections/${connection.id}`;
    const resolve = await request(`${base}/issues/${issue.id}/resolve?app=${app.id}`, cookie, { _csrf: csrf });
    expect(resolve.status).toBe(403);
    expect(resolve.html).toContain("This action needs the admin role.");
    const sync = await request(`${base}/sync?app=${app.id}`, cookie, { _csrf: csrf });
    expect(sync.status).toBe(403);
    const issues = await call("GET", `${BASE.sandbox}/issues?connectionId=${connection.id}`, { key });
    expect(issues.body.results.find((item: { id: string }) => item.id === issue.id).status).toBe("ongoing");
  });

  it("rotates the token for an admin who confirms: the new one shown once, the old one refused", async () => {
    const { app, connection, path } = await fixture();
    const { cookie } = await signIn(app.id, "admin");
    const page = await request(path, cookie);
    const csrf = csrfOf(page.html);
    const action = `/dashboard/connections/${connection.id}/rotate-token?app=${app.id}`;

    // Without the confirmation box ticked, nothing changes.
    const unconfirmed = await request(action, cookie, { _csrf: csrf });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.html).toContain("Tick the confirmation box");
    expect((await call("GET", `${BASE.sandbox}/connections/current`, connection.caller)).status).toBe(200);

    const rotated = await request(action, cookie, { _csrf: csrf, confirm: "yes" });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get("cache-control")).toContain("no-store");
    const token = /id="new-token"[^>]*value="([^"]+)"/.exec(rotated.html)?.[1] ?? "";
    expect(token).not.toBe("");
    expect(token).not.toBe(connection.caller.token);
    const old = await call("GET", `${BASE.sandbox}/connections/current`, connection.caller);
    expect(old.status).toBe(403);
    const current = await call("GET", `${BASE.sandbox}/connections/current`, { ...connection.caller, token });
    expect(current.status).toBe(200);
    expect(current.body.tokenRotatedAt).toEqual(expect.any(String));
    // Shown once: the page read again has no token in it.
    const again = await request(path, cookie);
    expect(again.html).not.toContain(token);
    expect(again.html).not.toContain('id="new-token"');
  });

  it("requests the deletion for an admin who confirms, shows when it is due, and cancels it", async () => {
    const { app, key, connection, path } = await fixture();
    const { cookie } = await signIn(app.id, "admin");
    const csrf = csrfOf((await request(path, cookie)).html);
    const base = `/dashboard/connections/${connection.id}`;
    expect((await request(`${base}/delete?app=${app.id}`, cookie, { _csrf: csrf })).status).toBe(400);
    expect((await call("GET", `${BASE.sandbox}/connections/${connection.id}`, { key })).body.status).toBe("connected");

    const deleted = await request(`${base}/delete?app=${app.id}`, cookie, { _csrf: csrf, confirm: "yes" });
    expect(deleted.status).toBe(303);
    expect((await call("GET", `${BASE.sandbox}/connections/${connection.id}`, { key })).body.status).toBe(
      "pending_deletion",
    );
    const pending = await request(path, cookie);
    expect(pending.html).toContain("Deletion due");
    expect(pending.html).toMatch(/<dd>\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC<\/dd>/);
    expect(pending.html).not.toContain("Delete the connection");
    const cancelled = await request(`${base}/cancel-deletion?app=${app.id}`, cookie, { _csrf: csrfOf(pending.html) });
    expect(cancelled.status).toBe(303);
    expect((await call("GET", `${BASE.sandbox}/connections/${connection.id}`, { key })).body.status).toBe("archived");
  });

  it("refuses a viewer's rotation and deletion on the server, confirmed or not", async () => {
    const { app, key, connection, path } = await fixture();
    const { cookie } = await signIn(app.id, "viewer");
    const page = await request(path, cookie);
    expect(page.html).not.toContain("Rotate the token");
    expect(page.html).not.toContain("Delete the connection");
    const csrf = csrfOf(page.html);
    const base = `/dashboard/connections/${connection.id}`;
    for (const action of ["rotate-token", "delete"]) {
      const refused = await request(`${base}/${action}?app=${app.id}`, cookie, { _csrf: csrf, confirm: "yes" });
      expect(refused.status).toBe(403);
      expect(refused.html).toContain("This action needs the admin role.");
    }
    expect((await call("GET", `${BASE.sandbox}/connections/current`, connection.caller)).status).toBe(200);
    expect((await call("GET", `${BASE.sandbox}/connections/${connection.id}`, { key })).body.status).toBe("connected");
  });
});
