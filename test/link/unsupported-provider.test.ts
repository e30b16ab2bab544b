/** "My provider isn't listed" in the hosted flow: the form, its refusals, and `unsupported_provider.requested`. */

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookEvents } from "../../src/db/schema";
import { createSandboxConnection, createTestApplication, db, type TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { createEndpoint, newInbox, ofType, verified, waitFor } from "../webhooks/helpers";
import { flowRequest, LINK, openFlow } from "./flow-helpers";

const TYPE = "unsupported_provider.requested";

let app: TestApplication;
beforeAll(async () => {
  app = await createTestApplication();
});

const sessionIdOf = (path: string) => path.split("/").pop() as string;

/** The stored events of the type for one session (control database). */
async function requestsOf(application: TestApplication, sessionId: string) {
  const rows = await db()
    .select({ payload: webhookEvents.payload, environment: webhookEvents.environment })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.applicationId, application.id), eq(webhookEvents.type, TYPE)));
  return rows
    .map((row) => ({ environment: row.environment, envelope: JSON.parse(row.payload) }))
    .filter((row) => row.envelope.detail.linkSessionId === sessionId);
}

describe("hosted flow: a provider that is not listed", () => {
  it("the picker links to an accessible form: provider name, contact email, optional DOT number", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    const picker = await flowRequest("GET", path);
    expect(picker.text).toContain(`<a href="${path}/unsupported-provider">My provider isn’t listed</a>`);

    const form = await flowRequest("GET", `${path}/unsupported-provider`);
    expect(form.status).toBe(200);
    expect(form.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(form.headers.get("cache-control")).toBe("no-store");
    expect(form.text).toContain('<h1 tabindex="-1">Request a provider</h1>');
    expect(form.text).toContain(`<form method="post" action="${path}/unsupported-provider"`);
    expect(form.text).toContain('<label for="field-providerName">Provider name</label>');
    expect(form.text).toMatch(/<input id="field-providerName" name="providerName" type="text" required=""/);
    expect(form.text).toContain('<label for="field-email">Contact email</label>');
    expect(form.text).toMatch(/<input id="field-email" name="email" type="email" required=""/);
    expect(form.text).toContain('<label for="field-dotNumber">DOT number (optional)</label>');
    expect(form.text).toMatch(/<input id="field-dotNumber" name="dotNumber" type="text" autocomplete="off"/);
    expect(form.text).toContain('inputmode="numeric"');
    expect(form.text).toContain(`<a class="secondary" href="${path}">Back to the provider list</a>`);
  });

  it("refuses an invalid email, an empty name and a DOT number that is not digits, with a message at each field", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    const refused = await flowRequest("POST", `${path}/unsupported-provider`, {
      form: { providerName: " ", email: "dispatch@", dotNumber: "12-34" },
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toContain('<p class="field-error" id="field-email-error">Enter a valid email address.</p>');
    expect(refused.text).toContain("Enter the name of your telematics provider.");
    expect(refused.text).toContain("A DOT number is digits only, at most 8.");
    expect(refused.text.match(/aria-invalid="true"/g)).toHaveLength(3);
    expect(refused.text).toContain('aria-describedby="field-email-hint field-email-error"');
    // What was typed is shown again, to be corrected.
    expect(refused.text).toContain('value="dispatch@"');

    const onlyEmail = await flowRequest("POST", `${path}/unsupported-provider`, {
      form: { providerName: "Acme Telematics", email: "not an email" },
    });
    expect(onlyEmail.status).toBe(400);
    expect(onlyEmail.text.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(onlyEmail.text).toContain('value="Acme Telematics"');
    expect(await requestsOf(app, sessionIdOf(path))).toEqual([]);
  });

  it("a valid request emits unsupported_provider.requested for the session's application and environment, then thanks", async () => {
    const path = await openFlow(
      `key=${app.keys.sandbox.publishable}&external_id=cust-77&name=Acme%20Trucking&tags=east,priority`,
    );
    const sent = await flowRequest("POST", `${path}/unsupported-provider`, {
      form: { providerName: "  Orbit Fleet GPS ", email: "dispatch@acme-trucking.example", dotNumber: "1234567" },
    });
    // A redirect, so that a reload never sends the request twice.
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${path}/unsupported-provider/sent`);
    const thanks = await flowRequest("GET", sent.location as string);
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain("your request has been sent");
    expect(thanks.text).toContain(`<a class="secondary" href="${path}">Back to the provider list</a>`);
    // The way back leads to the picker, still open.
    const back = await flowRequest("GET", path);
    expect(back.text).toContain('value="sandbox"');

    const [request, ...more] = await requestsOf(app, sessionIdOf(path));
    expect(more).toEqual([]);
    expect(request?.environment).toBe("sandbox");
    expect(request?.envelope).toMatchObject({ id: expect.stringMatching(/^evt_/), type: TYPE });
    expect(request?.envelope.detail).toEqual({
      providerName: "Orbit Fleet GPS",
      email: "dispatch@acme-trucking.example",
      dotNumber: "1234567",
      linkSessionId: sessionIdOf(path),
      companyName: "Acme Trucking",
      externalId: "cust-77",
      tags: ["east", "priority"],
      requestedAt: expect.any(String),
    });

    // Listed with the application's other events, in its environment only.
    const listed = await call("GET", `${BASE.sandbox}/webhooks/events?type=${TYPE}`, { key: app.keys.sandbox.secret });
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((event: { id: string }) => event.id)).toContain(request?.envelope.id);
    const production = await call("GET", `${BASE.production}/webhooks/events?type=${TYPE}`, {
      key: app.keys.production.secret,
    });
    expect(production.body.results).toEqual([]);
  });

  it("is delivered, signed, to an endpoint subscribed to it; the DOT number is left out when not given", async () => {
    const application = await createTestApplication();
    const inbox = newInbox();
    const endpoint = await createEndpoint(application, { url: inbox.url, eventTypes: [TYPE] });
    const path = await openFlow(`key=${application.keys.sandbox.publishable}`);
    const sent = await flowRequest("POST", `${path}/unsupported-provider`, {
      form: { providerName: "Orbit Fleet GPS", email: "ops@example.com", dotNumber: "" },
    });
    expect(sent.status).toBe(303);
    const [delivered] = await waitFor(async () => {
      const received = ofType(await inbox.received(), TYPE);
      return received.length ? received : undefined;
    }, `${TYPE} delivered`);
    const envelope = verified(endpoint.secret, delivered as NonNullable<typeof delivered>);
    expect(envelope.type).toBe(TYPE);
    expect(envelope.detail).toEqual({
      providerName: "Orbit Fleet GPS",
      email: "ops@example.com",
      linkSessionId: sessionIdOf(path),
      requestedAt: expect.any(String),
    });
  });

  it("is not offered once the session is over, nor when reconnecting (the provider is fixed)", async () => {
    const path = await openFlow(`key=${app.keys.sandbox.publishable}`);
    expect((await flowRequest("POST", `${path}/exit`)).status).toBe(303);
    const afterExit = await flowRequest("POST", `${path}/unsupported-provider`, {
      form: { providerName: "Orbit", email: "ops@example.com" },
    });
    expect(afterExit.status).toBe(303);
    expect(afterExit.location).toBe(path);
    expect(await requestsOf(app, sessionIdOf(path))).toEqual([]);

    const connection = await createSandboxConnection(app);
    const reconnect = await flowRequest("GET", `/connection/${connection.id}?key=${app.keys.sandbox.publishable}`);
    expect(reconnect.status).toBe(303);
    const reconnectPath = new URL(reconnect.location as string, LINK).pathname;
    const form = await flowRequest("GET", `${reconnectPath}/unsupported-provider`);
    expect(form.status).toBe(303);
    expect(form.location).toBe(reconnectPath);
    const posted = await flowRequest("POST", `${reconnectPath}/unsupported-provider`, {
      form: { providerName: "Orbit", email: "ops@example.com" },
    });
    expect(posted.status).toBe(303);
    expect(await requestsOf(app, sessionIdOf(reconnectPath))).toEqual([]);
    expect((await flowRequest("GET", "/flow/lnk_unknown/unsupported-provider")).status).toBe(404);
  });
});
