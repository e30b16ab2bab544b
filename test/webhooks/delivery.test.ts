import { describe, expect, it } from "vitest";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { createEndpoint, type Envelope, newInbox, ofType, verified, waitFor } from "./helpers";

/** Every record of a paged list, page after page. */
async function listEvery(url: string, key: string): Promise<{ id: string; eventId: string }[]> {
  const records: { id: string; eventId: string }[] = [];
  let next: string | undefined;
  do {
    const page = await call("GET", next ? `${url}&cursor=${next}` : url, { key });
    expect(page.status).toBe(200);
    records.push(...page.body.results);
    next = page.body.next;
  } while (next);
  return records;
}

describe("webhook delivery", () => {
  it("delivers signed connection.created and sync.completed events after a connection is created", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    const endpoint = await createEndpoint(app, { url: inbox.url });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const connection = await createSandboxConnection(app);

    const received = await waitFor(async () => {
      const all = await inbox.received();
      return ofType(all, "sync.completed").length > 0 && ofType(all, "connection.created").length > 0 ? all : undefined;
    }, "connection.created and sync.completed");

    const created = verified(endpoint.secret, ofType(received, "connection.created")[0]!);
    expect(created.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(Object.keys(created).sort()).toEqual(["detail", "id", "timestamp", "type"]);
    expect(created.detail.connection).toMatchObject({ id: connection.id, status: "connected" });
    expect(created.detail.connection).not.toHaveProperty("token");
    expect(ofType(received, "connection.created")[0]!.headers["webhook-id"]).toBe(created.id);

    const completed = verified(endpoint.secret, ofType(received, "sync.completed")[0]!);
    expect(completed.detail.connection).toMatchObject({ id: connection.id, provider: "sandbox" });
    expect(completed.detail.sync).toMatchObject({ status: "completed", progress: 100 });
    // The earlier stages of the sync are events too, and the first completion of the connection.
    const types = (await inbox.received()).map((request) => (JSON.parse(request.body) as Envelope).type);
    expect(types).toEqual(expect.arrayContaining(["sync.requested", "sync.started"]));
    await waitFor(
      async () => (ofType(await inbox.received(), "connection.first_sync_completed").length ? true : undefined),
      "connection.first_sync_completed",
    );

    // A tampered body does not verify.
    const request = ofType(received, "sync.completed")[0]!;
    expect(() =>
      verified(endpoint.secret, { ...request, body: request.body.replace("completed", "failed") }),
    ).toThrow();

    // The events are listed, filterable by type and connection.
    const events = await call(
      "GET",
      `${BASE.sandbox}/webhooks/events?type=connection.created&connectionId=${connection.id}`,
      {
        key: app.keys.sandbox.secret,
      },
    );
    expect(events.status).toBe(200);
    expect(events.body.results).toHaveLength(1);
    expect(events.body.results[0]).toMatchObject({
      id: created.id,
      type: "connection.created",
      connectionId: connection.id,
    });
    expect(events.body.results[0].detail).toEqual(created.detail);

    // Each attempt is listed among the endpoint's deliveries.
    const deliveries = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}/deliveries`, {
      key: app.keys.sandbox.secret,
    });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          eventId: created.id,
          eventType: "connection.created",
          endpointId: endpoint.id,
          status: "succeeded",
          responseStatus: 200,
          attempt: 1,
        }),
      ]),
    );
    // Every attempt carries its event's type, as the events list has it.
    const typeOf = new Map(
      (
        await call("GET", `${BASE.sandbox}/webhooks/events?limit=500`, { key: app.keys.sandbox.secret })
      ).body.results.map((event: { id: string; type: string }) => [event.id, event.type]),
    );
    for (const delivery of deliveries.body.results) expect(delivery.eventType).toBe(typeOf.get(delivery.eventId));

    // Newest first with order=desc, paged: the same attempts, reversed; a cursor of one order is refused in the other.
    const key = app.keys.sandbox.secret;
    const all = await listEvery(`${BASE.sandbox}/webhooks/endpoints/${endpoint.id}/deliveries?limit=2`, key);
    const newestFirst = await listEvery(
      `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}/deliveries?limit=2&order=desc`,
      key,
    );
    expect(all.length).toBeGreaterThan(2);
    expect(newestFirst.map((delivery) => delivery.id)).toEqual(all.map((delivery) => delivery.id).reverse());
    const descending = await call(
      "GET",
      `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}/deliveries?limit=1&order=desc`,
      { key },
    );
    const mixed = await call(
      "GET",
      `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}/deliveries?limit=1&cursor=${descending.body.next}`,
      { key },
    );
    expect(mixed.status).toBe(400);
  });

  it("delivers only the subscribed types", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    const endpoint = await createEndpoint(app, { url: inbox.url, eventTypes: ["sync.completed"] });
    expect(endpoint.eventTypes).toEqual(["sync.completed"]);
    await createSandboxConnection(app);
    const received = await waitFor(
      async () => ((await inbox.received()).length > 0 ? inbox.received() : undefined),
      "sync.completed",
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = await inbox.received();
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((request) => (JSON.parse(request.body) as Envelope).type === "sync.completed")).toBe(true);
    expect(received.length).toBeGreaterThan(0);
  });

  it("retries failed deliveries until one succeeds, with the same webhook-id, and records every attempt", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    await inbox.answer([500, 503]);
    const endpoint = await createEndpoint(app, { url: inbox.url, eventTypes: ["connection.created"] });
    await createSandboxConnection(app);
    const received = await waitFor(
      async () => {
        const all = await inbox.received();
        return all.length >= 3 ? all : undefined;
      },
      "three attempts",
      20_000,
    );
    const ids = new Set(received.map((request) => request.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const request of received) expect(verified(endpoint.secret, request).type).toBe("connection.created");

    const deliveries = await waitFor(async () => {
      const listed = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}/deliveries`, {
        key: app.keys.sandbox.secret,
      });
      return listed.body.results.length >= 3 ? listed.body.results : undefined;
    }, "three recorded deliveries");
    expect(deliveries.map((delivery: any) => [delivery.attempt, delivery.status, delivery.responseStatus])).toEqual([
      [1, "failed", 500],
      [2, "failed", 503],
      [3, "succeeded", 200],
    ]);
    const after = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}`, {
      key: app.keys.sandbox.secret,
    });
    expect(after.body).toMatchObject({ enabled: true });
    expect(after.body).not.toHaveProperty("failingSince");
  });

  it("disables the endpoint when the receiver answers 410", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    await inbox.answer([410]);
    const endpoint = await createEndpoint(app, { url: inbox.url, eventTypes: ["connection.created"] });
    await createSandboxConnection(app);
    const disabled = await waitFor(async () => {
      const got = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}`, {
        key: app.keys.sandbox.secret,
      });
      return got.body.enabled === false ? got.body : undefined;
    }, "the endpoint disabled");
    expect(disabled.disabledReason).toMatch(/410/);
    // Nothing more is delivered to a disabled endpoint.
    await createSandboxConnection(app);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await inbox.received()).toHaveLength(1);

    // Re-enabling it through PATCH clears the reason.
    const enabled = await call("PATCH", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}`, {
      key: app.keys.sandbox.secret,
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true });
    expect(enabled.body).not.toHaveProperty("disabledReason");
  });

  it("signs with the new secret after rotate-secret", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    const endpoint = await createEndpoint(app, { url: inbox.url, eventTypes: ["connection.created"] });
    const rotated = await call("POST", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}/rotate-secret`, {
      key: app.keys.sandbox.secret,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.id).toBe(endpoint.id);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    await createSandboxConnection(app);
    const [request] = await waitFor(async () => {
      const all = await inbox.received();
      return all.length ? all : undefined;
    }, "a delivery");
    expect(verified(rotated.body.secret, request!).type).toBe("connection.created");
    expect(() => verified(endpoint.secret, request!)).toThrow();
    // The secret is never shown again.
    const got = await call("GET", `${BASE.sandbox}/webhooks/endpoints/${endpoint.id}`, {
      key: app.keys.sandbox.secret,
    });
    expect(got.body).not.toHaveProperty("secret");
  });

  it("replays stored events with their original id", async () => {
    const app = await createTestApplication();
    const inbox = newInbox();
    const endpoint = await createEndpoint(app, { url: inbox.url, eventTypes: ["connection.created"] });
    const connection = await createSandboxConnection(app);
    const [first] = await waitFor(async () => {
      const all = await inbox.received();
      return all.length ? all : undefined;
    }, "the first delivery");
    const eventId = first!.headers["webhook-id"];

    const byId = await call("POST", `${BASE.sandbox}/webhooks/replay`, {
      key: app.keys.sandbox.secret,
      body: { eventIds: [eventId] },
    });
    expect(byId.status).toBe(202);
    expect(byId.body).toEqual({ events: 1, deliveries: 1, truncated: false });
    const byConnection = await call("POST", `${BASE.sandbox}/webhooks/replay`, {
      key: app.keys.sandbox.secret,
      body: { connectionIds: [connection.id], types: ["connection.created"] },
    });
    expect(byConnection.status).toBe(202);
    expect(byConnection.body).toMatchObject({ events: 1, deliveries: 1 });

    const received = await waitFor(async () => {
      const all = await inbox.received();
      return all.length >= 3 ? all : undefined;
    }, "two replays");
    expect(received.map((request) => request.headers["webhook-id"])).toEqual([eventId, eventId, eventId]);
    expect(received.map((request) => verified(endpoint.secret, request).id)).toEqual([eventId, eventId, eventId]);
    // The replayed body is the stored envelope, unchanged.
    expect(new Set(received.map((request) => request.body)).size).toBe(1);
  });
});
