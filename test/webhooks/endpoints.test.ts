import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newApp } from "../../src/app";
import { expectBadRequestAt, expectError } from "../helpers/error-contract";
import { createTestApplication } from "../helpers/factories";
import { BASE, type CallResult, call } from "../helpers/http";
import { createEndpoint, newInbox } from "./helpers";

/** A request through the app with loopback webhooks disallowed, as in a deployment. */
async function callStrict(method: string, url: string, key: string, body?: unknown): Promise<CallResult<any>> {
  const ctx = createExecutionContext();
  const request = new Request(url, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await newApp().fetch(request, { ...env, ALLOW_LOOPBACK_WEBHOOKS: "false" }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("webhook endpoints", () => {
  it("creates, lists, gets, updates and deletes endpoints, scoped to the application and environment", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const inbox = newInbox();
    const created = await createEndpoint(app, { url: inbox.url, description: "Primary", eventTypes: ["sync.failed"] });
    expect(created).toMatchObject({
      url: inbox.url,
      enabled: true,
      eventTypes: ["sync.failed"],
      description: "Primary",
    });
    expect(created.id).toMatch(/^whe_[0-9A-HJKMNP-TV-Z]{26}$/);

    const listed = await call("GET", `${BASE.sandbox}/webhooks/endpoints`, { key });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((endpoint: any) => endpoint.id)).toEqual([created.id]);
    expect(listed.body.results[0]).not.toHaveProperty("secret");

    const patched = await call("PATCH", `${BASE.sandbox}/webhooks/endpoints/${created.id}`, {
      key,
      body: { eventTypes: [], description: "All events", enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ eventTypes: [], description: "All events", enabled: false });

    // Another environment and another application do not see it.
    const production = await call("GET", `${BASE.production}/webhooks/endpoints/${created.id}`, {
      key: app.keys.production.secret,
    });
    expectError(production, "not_found");
    const other = await createTestApplication();
    expectError(
      await call("GET", `${BASE.sandbox}/webhooks/endpoints/${created.id}`, { key: other.keys.sandbox.secret }),
      "not_found",
    );
    expectError(
      await call("DELETE", `${BASE.sandbox}/webhooks/endpoints/${created.id}`, { key: other.keys.sandbox.secret }),
      "not_found",
    );
    const otherList = await call("GET", `${BASE.sandbox}/webhooks/endpoints`, { key: other.keys.sandbox.secret });
    expect(otherList.body.results).toEqual([]);

    const deleted = await call("DELETE", `${BASE.sandbox}/webhooks/endpoints/${created.id}`, { key });
    expect(deleted.status).toBe(204);
    expectError(await call("GET", `${BASE.sandbox}/webhooks/endpoints/${created.id}`, { key }), "not_found");
  });

  it("pages the endpoints", async () => {
    const app = await createTestApplication();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createEndpoint(app, { url: newInbox().url })).id);
    const first = await call("GET", `${BASE.sandbox}/webhooks/endpoints?limit=2`, { key: app.keys.sandbox.secret });
    expect(first.body.results.map((endpoint: any) => endpoint.id)).toEqual(ids.slice(0, 2));
    const second = await call("GET", `${BASE.sandbox}/webhooks/endpoints?limit=2&cursor=${first.body.next}`, {
      key: app.keys.sandbox.secret,
    });
    expect(second.body.results.map((endpoint: any) => endpoint.id)).toEqual(ids.slice(2));
    expect(second.body).not.toHaveProperty("next");
  });

  it("refuses URLs that could reach internal services when loopback webhooks are off", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.8/hook",
      "https://[::1]/hook",
      "https://[fd00::1]/hook",
      "https://[fe80::1]/hook",
      "https://db.internal/hook",
      "https://nas.local/hook",
      newInbox().url,
    ]) {
      const result = await callStrict("POST", `${BASE.sandbox}/webhooks/endpoints`, key, { url });
      expectBadRequestAt(result, "{requestBody}.url");
    }
    const accepted = await callStrict("POST", `${BASE.sandbox}/webhooks/endpoints`, key, {
      url: "https://example.com/hook",
      eventTypes: ["issue.reported"],
    });
    expect(accepted.status).toBe(201);
    const patched = await callStrict("PATCH", `${BASE.sandbox}/webhooks/endpoints/${accepted.body.id}`, key, {
      url: "https://192.168.0.1/hook",
    });
    expectBadRequestAt(patched, "{requestBody}.url");
  });

  it("validates the body", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    expectBadRequestAt(
      await call("POST", `${BASE.sandbox}/webhooks/endpoints`, {
        key,
        body: { url: newInbox().url, eventTypes: ["nope"] },
      }),
      "{requestBody}.eventTypes[0]",
    );
    expectError(await call("POST", `${BASE.sandbox}/webhooks/replay`, { key, body: {} }), "bad_request");
  });
});
