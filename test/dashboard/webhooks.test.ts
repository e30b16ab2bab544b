/**
 * The dashboard's webhooks pages (issue 24): the endpoints as GET /webhooks/endpoints lists them, an
 * admin's creation through the page with the signing secret shown once (and verifying what the fake
 * receiver gets), an endpoint's deliveries as GET /webhooks/endpoints/{id}/deliveries answers them,
 * replay, rotation, disabling and deletion through the page; a viewer reads them with no write
 * control, and the server refuses their posts; forged posts refused.
 */
import { describe, expect, it } from "vitest";
import { createSandboxConnection, createTestApplication, type TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { createEndpoint, newInbox, type Received, verified, waitFor } from "../webhooks/helpers";
import { csrfOf, ORIGIN, send, signIn } from "./helpers";

/** A GET of a page, or a form post from this site (or from `origin`). */
const request = (path: string, cookie: string, form?: Record<string, string>, origin = ORIGIN) =>
  send(path, { cookie, ...(form ? { form, origin } : {}) });

const secretOf = (html: string) => /value="(whsec_[^"]+)"/.exec(html)?.[1];

/** The cells of the deliveries table, one array per row, tags stripped. */
function deliveryRows(html: string): string[][] {
  const body = /aria-label="Deliveries"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      (cell[1] ?? "").replace(/<[^>]+>/g, "").trim(),
    ),
  );
}

type Delivery = { id: string; eventId: string; attempt: number; status: string; responseStatus?: number };

/** The endpoint's deliveries as the REST route lists them. */
async function apiDeliveries(app: TestApplication, endpointId: string): Promise<Delivery[]> {
  const listed = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpointId}/deliveries`, {
    key: app.keys.sandbox.secret,
  });
  expect(listed.status).toBe(200);
  return listed.body.results;
}

/** The endpoints of the application's sandbox, as the REST route lists them. */
async function apiEndpoints(app: TestApplication) {
  const listed = await call("GET", `${BASE.sandbox}/webhooks/endpoints`, { key: app.keys.sandbox.secret });
  return listed.body.results as { id: string; url: string; enabled: boolean; updatedAt: string }[];
}

/** Waits (bounded) until the inbox holds `count` requests. */
const received = (inbox: ReturnType<typeof newInbox>, count: number) =>
  waitFor(async () => {
    const all = await inbox.received();
    return all.length >= count ? all : undefined;
  }, `${count} received requests`);

describe("the webhooks pages", () => {
  it("lets an admin create an endpoint, see its secret once, follow its deliveries and replay one", async () => {
    const app = await createTestApplication();
    const { cookie } = await signIn(app.id, "admin");
    const list = `/dashboard/webhooks?app=${app.id}&env=sandbox`;
    const empty = await request(list, cookie);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain("No webhook endpoint in this environment yet.");
    expect(empty.html).toContain('value="connection.created"');

    const inbox = newInbox();
    const created = await request(list, cookie, {
      _csrf: csrfOf(empty.html),
      url: inbox.url,
      description: "Ops receiver",
      eventTypes: "connection.created",
    });
    expect(created.status).toBe(200);
    expect(created.headers.get("cache-control")).toBe("no-store");
    expect(created.html).toContain("it will not be shown again");
    const secret = secretOf(created.html) as string;
    expect(secret).toMatch(/^whsec_/);
    const [endpoint] = await apiEndpoints(app);
    expect(endpoint).toMatchObject({ url: inbox.url, enabled: true, eventTypes: ["connection.created"] });
    const page = `/dashboard/webhooks/${endpoint?.id}?app=${app.id}&env=sandbox`;

    // Neither the list nor the endpoint's page shows the secret again.
    const listed = await request(list, cookie);
    expect(listed.html).toContain(`href="/dashboard/webhooks/${endpoint?.id}?app=${app.id}&amp;env=sandbox"`);
    expect(listed.html).toContain("connection.created");
    expect(listed.html).not.toContain(secret);
    expect(secretOf(listed.html)).toBeUndefined();
    const before = await request(page, cookie);
    expect(before.status).toBe(200);
    expect(before.html).not.toContain(secret);
    expect(before.html).toContain("No delivery to this endpoint yet.");

    // The secret shown is the one the receiver verifies deliveries with.
    await createSandboxConnection(app);
    const [first] = await received(inbox, 1);
    expect(verified(secret, first as Received).type).toBe("connection.created");
    const eventId = (first as Received).headers["webhook-id"] as string;

    // The page lists the deliveries as the API does: event type, attempt, status, response code.
    const deliveries = await waitFor(async () => {
      const found = await apiDeliveries(app, endpoint?.id as string);
      return found.length > 0 ? found : undefined;
    }, "a recorded delivery");
    const shown = await request(page, cookie);
    expect(deliveryRows(shown.html).map((cells) => cells.slice(1, 6))).toEqual(
      deliveries.map((delivery) => [
        "connection.created",
        delivery.eventId,
        String(delivery.attempt),
        delivery.status,
        String(delivery.responseStatus),
      ]),
    );
    expect(deliveries[0]).toMatchObject({ eventId, status: "succeeded", responseStatus: 200, attempt: 1 });

    // A replay from the page is a new delivery of the same event, with its original id.
    const replayed = await request(`/dashboard/webhooks/${endpoint?.id}/replay?app=${app.id}`, cookie, {
      _csrf: csrfOf(shown.html),
      eventId,
    });
    expect(replayed.status).toBe(303);
    expect(replayed.location).toContain("replayed=1");
    const again = await received(inbox, 2);
    expect(again.map((got) => got.headers["webhook-id"])).toEqual([eventId, eventId]);
    const afterReplay = await waitFor(async () => {
      const found = await apiDeliveries(app, endpoint?.id as string);
      return found.length > deliveries.length ? found : undefined;
    }, "the replay's delivery");
    expect(afterReplay.at(-1)).toMatchObject({ eventId, status: "succeeded" });
    const confirmed = await request(replayed.location as string, cookie);
    expect(confirmed.html).toContain("The event was queued again: 1 delivery.");
    expect(deliveryRows(confirmed.html)).toHaveLength(afterReplay.length);
  });

  it("rotates the secret (shown once), disables and deletes an endpoint from its page", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    const endpoint = await createEndpoint(app, { url: inbox.url, eventTypes: ["connection.created"] });
    const { cookie } = await signIn(app.id, "admin");
    const page = `/dashboard/webhooks/${endpoint.id}?app=${app.id}&env=sandbox`;
    const base = `/dashboard/webhooks/${endpoint.id}`;
    const csrf = csrfOf((await request(page, cookie)).html);

    const rotated = await request(`${base}/rotate-secret?app=${app.id}`, cookie, { _csrf: csrf });
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get("cache-control")).toBe("no-store");
    expect(rotated.html).toContain("it will not be shown again");
    const secret = secretOf(rotated.html) as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    expect((await request(page, cookie)).html).not.toContain(secret);
    await createSandboxConnection(app);
    const [delivered] = await received(inbox, 1);
    expect(verified(secret, delivered as Received).type).toBe("connection.created");
    expect(() => verified(endpoint.secret, delivered as Received)).toThrow();

    const disabled = await request(`${base}/enabled?app=${app.id}`, cookie, { _csrf: csrf, enabled: "false" });
    expect(disabled.status).toBe(303);
    const got = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}`, {
      key: app.keys.sandbox.secret,
    });
    expect(got.body).toMatchObject({ enabled: false, disabledReason: "Disabled by the application." });
    expect((await request(page, cookie)).html).toContain("Enable the endpoint");

    const deleted = await request(`${base}/delete?app=${app.id}`, cookie, { _csrf: csrf });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe(`/dashboard/webhooks?app=${app.id}&env=sandbox`);
    expect(await apiEndpoints(app)).toEqual([]);
    expect((await request(page, cookie)).status).toBe(404);
  });

  it("pages the endpoints as the API pages them, in the environment chosen", async () => {
    const app = await createTestApplication();
    const ids: string[] = [];
    for (let index = 0; index < 26; index++) ids.push((await createEndpoint(app, { url: newInbox().url })).id);
    const { cookie } = await signIn(app.id, "admin");
    const linked = (html: string) =>
      [...html.matchAll(/href="\/dashboard\/webhooks\/(whe_[0-9A-Z]{26})\?/g)].map((m) => m[1]);
    const first = await request(`/dashboard/webhooks?app=${app.id}&env=sandbox`, cookie);
    expect(first.html).toContain("All events (except vehicle.location_updated)");
    const next = /<a href="([^"]+)">Next page<\/a>/.exec(first.html)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toContain("env=sandbox");
    const second = await request(next as string, cookie);
    expect(second.html).not.toContain("Next page");
    expect([...linked(first.html), ...linked(second.html)]).toEqual(ids);
    const production = await request(`/dashboard/webhooks?app=${app.id}&env=production`, cookie);
    expect(linked(production.html)).toEqual([]);
  });

  it("shows the route's refusal when a URL is refused, with what was typed", async () => {
    const app = await createTestApplication();
    const { cookie } = await signIn(app.id, "admin");
    const list = `/dashboard/webhooks?app=${app.id}&env=sandbox`;
    const csrf = csrfOf((await request(list, cookie)).html);
    const refused = await request(list, cookie, { _csrf: csrf, url: "not a url", description: "Typo" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("The URL is not a valid absolute URL.");
    expect(refused.html).toContain('value="Typo"');
    expect(await apiEndpoints(app)).toEqual([]);
  });

  it("shows a viewer no controls, and refuses their posts on the server", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    const endpoint = await createEndpoint(app, { url: inbox.url, eventTypes: ["connection.created"] });
    await createSandboxConnection(app);
    const [first] = await received(inbox, 1);
    const eventId = (first as Received).headers["webhook-id"] as string;
    const deliveries = await waitFor(async () => {
      const found = await apiDeliveries(app, endpoint.id);
      return found.length > 0 ? found : undefined;
    }, "a recorded delivery");
    const [before] = await apiEndpoints(app);

    const { cookie } = await signIn(app.id, "viewer");
    const list = await request(`/dashboard/webhooks?app=${app.id}&env=sandbox`, cookie);
    const page = await request(`/dashboard/webhooks/${endpoint.id}?app=${app.id}&env=sandbox`, cookie);
    // A read-only viewer reads the endpoints and their deliveries, with no write control.
    expect(list.html).toContain(endpoint.id);
    expect(page.html).toContain(eventId);
    expect(page.html).toContain("connection.created");
    for (const shown of [list, page]) {
      expect(shown.status).toBe(200);
      for (const control of ["Add the endpoint", ">Replay<", "Delete the endpoint", "Rotate the signing secret"]) {
        expect(shown.html).not.toContain(control);
      }
    }
    // The sign-out form carries the session's valid token: the REST routes still refuse the viewer.
    const csrf = csrfOf(page.html);
    expect(csrf).not.toBe("");
    const base = `/dashboard/webhooks/${endpoint.id}`;
    const posts: [string, Record<string, string>][] = [
      [`/dashboard/webhooks?app=${app.id}`, { url: newInbox().url }],
      [`${base}/replay?app=${app.id}`, { eventId }],
      [`${base}/enabled?app=${app.id}`, { enabled: "false" }],
      [`${base}/rotate-secret?app=${app.id}`, {}],
      [`${base}/delete?app=${app.id}`, {}],
    ];
    for (const [path, fields] of posts) {
      const refused = await request(path, cookie, { _csrf: csrf, ...fields });
      expect(refused.status, path).toBe(403);
      expect(refused.html).toContain("This action needs the admin role.");
      expect(secretOf(refused.html)).toBeUndefined();
    }
    expect(await apiEndpoints(app)).toEqual([before]);
    expect(await apiDeliveries(app, endpoint.id)).toEqual(deliveries);
  });

  it("refuses a post without the session's token or from another site", async () => {
    const app = await createTestApplication();
    const endpoint = await createEndpoint(app, { url: newInbox().url });
    const { cookie } = await signIn(app.id, "admin");
    const list = `/dashboard/webhooks?app=${app.id}&env=sandbox`;
    const csrf = csrfOf((await request(list, cookie)).html);
    const url = newInbox().url;

    const missing = await request(list, cookie, { url });
    expect(missing.status).toBe(403);
    expect(missing.html).toContain("security token is missing or stale");
    const wrong = await request(list, cookie, { _csrf: `${csrf}x`, url });
    expect(wrong.status).toBe(403);
    const crossSite = await request(list, cookie, { _csrf: csrf, url }, "https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(crossSite.html).toContain("posted from another site");
    const deleted = await request(`/dashboard/webhooks/${endpoint.id}/delete?app=${app.id}`, cookie, {
      _csrf: "forged",
    });
    expect(deleted.status).toBe(403);
    expect((await apiEndpoints(app)).map((listed) => listed.id)).toEqual([endpoint.id]);
  });
});
