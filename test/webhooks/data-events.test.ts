/**
 * The data events of issue 20: `safety_event.added|modified` as syncs store safety events, and
 * `vehicle.location_updated`, which only endpoints naming it receive (an endpoint subscribed to
 * every type does not), at most one per vehicle per refresh, with the wire's BasicConnection
 * and LatestVehicleLocation.
 */
import { describe, expect, it } from "vitest";
import { subscribes } from "../../src/webhooks/emit";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { createEndpoint, type Envelope, newInbox, verified, waitFor } from "./helpers";

const ofType = (envelopes: Envelope[], type: string) => envelopes.filter((envelope) => envelope.type === type);

describe("safety_event.added and safety_event.modified", () => {
  it("announce the safety events a sync stores, once", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const inbox = newInbox();
    const endpoint = await createEndpoint(app, {
      url: inbox.url,
      eventTypes: ["safety_event.added", "safety_event.modified"],
    });
    // Two days of history: today alone may hold no safety event yet (just after midnight UTC).
    const connection = await createSandboxConnection(app, {
      syncMode: "manual",
      backfill: { days: 2 },
      options: { sandbox: { fleetSize: 4, revision: 0 } },
    });
    const token = connection.token;
    await waitForSync(key, token, await lastSyncId(key, token));
    const events = await call("GET", `${BASE.sandbox}/safety/events?limit=500`, { key, token });
    const stored = events.body.results.map((event: { id: string }) => event.id).sort();
    expect(stored.length).toBeGreaterThan(0);
    const added = await waitFor(async () => {
      const all = (await inbox.received()).map((request) => verified(endpoint.secret, request));
      const ids = ofType(all, "safety_event.added").flatMap((envelope) => envelope.detail.safetyEvents as string[]);
      return ids.length >= stored.length ? { all, ids } : undefined;
    }, "safety_event.added for every stored event");
    expect(added.ids.sort()).toEqual(stored);
    expect(ofType(added.all, "safety_event.added")[0]!.detail.connection).toMatchObject({ id: connection.id });

    // A sync that finds nothing new announces nothing.
    const before = (await inbox.received()).length;
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    await waitForSync(key, token, sync.body.id);
    const again = (await inbox.received()).map((request) => verified(endpoint.secret, request));
    expect(ofType(again.slice(before), "safety_event.added")).toEqual([]);
  });
});

describe("vehicle.location_updated", () => {
  it("is opt-in: an endpoint subscribed to every type does not receive it", () => {
    expect(subscribes({ eventTypes: [] }, "vehicle.location_updated")).toBe(false);
    expect(subscribes({ eventTypes: [] }, "vehicle.added")).toBe(true);
    expect(subscribes({ eventTypes: ["vehicle.location_updated"] }, "vehicle.location_updated")).toBe(true);
  });

  it("reaches the endpoints that name it, one event per vehicle per refresh, with the vehicle's latest location", async () => {
    const app = await createTestApplication({ timeSeries: true });
    const key = app.keys.sandbox.secret;
    const named = newInbox();
    const everything = newInbox();
    const namedEndpoint = await createEndpoint(app, { url: named.url, eventTypes: ["vehicle.location_updated"] });
    const allEndpoint = await createEndpoint(app, { url: everything.url });
    const connection = await createSandboxConnection(app, {
      syncMode: "manual",
      externalId: "customer-42",
      options: { sandbox: { fleetSize: 3, revision: 0 } },
    });
    const token = connection.token;
    await waitForSync(key, token, await lastSyncId(key, token));
    const latest = await call("GET", `${BASE.sandbox}/vehicles/locations`, { key, token });
    const vehicles = latest.body.results.map((location: { vehicle: string }) => location.vehicle).sort();
    expect(vehicles.length).toBe(3);
    const updates = await waitFor(async () => {
      const all = (await named.received()).map((request) => verified(namedEndpoint.secret, request));
      const located = ofType(all, "vehicle.location_updated");
      return located.length >= vehicles.length ? located : undefined;
    }, "vehicle.location_updated for each vehicle");
    expect(updates.map((envelope) => envelope.detail.location.vehicle).sort()).toEqual(vehicles);
    const [first] = updates;
    expect(first!.detail.connection).toEqual({
      id: connection.id,
      provider: { code: "sandbox", name: expect.any(String) },
      externalId: "customer-42",
      tags: [],
    });
    const stored = latest.body.results.find(
      (location: { vehicle: string }) => location.vehicle === first!.detail.location.vehicle,
    );
    expect(first!.detail.location).toEqual(stored);
    // The endpoint subscribed to every type got the sync's other events, never this one.
    const all = await waitFor(async () => {
      const received = (await everything.received()).map((request) => verified(allEndpoint.secret, request));
      return received.some((envelope) => envelope.type === "vehicle.added") ? received : undefined;
    }, "the sync's events at the endpoint of every type");
    expect(ofType(all, "vehicle.location_updated")).toEqual([]);
  });
});
