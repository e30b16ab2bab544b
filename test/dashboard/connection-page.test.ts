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
});
