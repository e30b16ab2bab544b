import { describe, expect, it } from "vitest";
import { createSandboxConnection, createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { createEndpoint, type Envelope, newInbox, verified, waitFor } from "./helpers";

const ofType = (envelopes: Envelope[], type: string) => envelopes.filter((envelope) => envelope.type === type);

/** Every id listed by the events of a type (they are batched per page). */
const idsOf = (envelopes: Envelope[], key: "vehicles" | "drivers") =>
  envelopes.flatMap((envelope) => (envelope.detail[key] as string[] | undefined) ?? []);

describe("record and issue events", () => {
  it("vehicle and driver added, modified and removed, and issue reported and resolved, as syncs find them", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    const inbox = newInbox();
    const endpoint = await createEndpoint(app, { url: inbox.url });
    const connection = await createSandboxConnection(app, {
      syncMode: "manual",
      options: { sandbox: { fleetSize: 6, revision: 0, issues: ["missing_safety_configuration"] } },
    });
    const token = connection.token;
    await waitForSync(key, token, await lastSyncId(key, token));
    const vehicles = await call("GET", `${BASE.sandbox}/vehicles?limit=100`, { key, token });
    const vehicleIds = vehicles.body.results.map((vehicle: { id: string }) => vehicle.id).sort();

    const first = await waitFor(async () => {
      const all = (await inbox.received()).map((request) => verified(endpoint.secret, request));
      return ofType(all, "issue.reported").length &&
        idsOf(ofType(all, "vehicle.added"), "vehicles").length === vehicleIds.length
        ? all
        : undefined;
    }, "vehicle.added for the whole fleet and issue.reported");
    expect(idsOf(ofType(first, "vehicle.added"), "vehicles").sort()).toEqual(vehicleIds);
    expect(idsOf(ofType(first, "driver.added"), "drivers").length).toBeGreaterThan(0);
    const reported = ofType(first, "issue.reported")[0]!;
    expect(reported.detail).toMatchObject({
      connection: { id: connection.id, provider: "sandbox" },
      issue: { id: expect.stringMatching(/^isu_/), status: "ongoing", error: { code: "missing_safety_configuration" } },
    });

    // The fleet moves on and the provider stops reporting the problem.
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token,
      body: { options: { sandbox: { fleetSize: 6, revision: 3 } } },
    });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    await waitForSync(key, token, sync.body.id);
    const after = await waitFor(async () => {
      const all = (await inbox.received()).map((request) => verified(endpoint.secret, request));
      return ofType(all, "issue.resolved").length && ofType(all, "vehicle.removed").length ? all : undefined;
    }, "vehicle.removed and issue.resolved");
    const removed = idsOf(ofType(after, "vehicle.removed"), "vehicles");
    for (const id of removed) expect(vehicleIds).toContain(id);
    const deleted = await call("GET", `${BASE.sandbox}/vehicles?deleted=true&limit=100`, { key, token });
    const deletedIds = deleted.body.results
      .filter((vehicle: { metadata: { deletedAt?: string } }) => vehicle.metadata.deletedAt)
      .map((vehicle: { id: string }) => vehicle.id)
      .sort();
    expect(removed.sort()).toEqual(deletedIds);
    expect(ofType(after, "issue.resolved")[0]!.detail).toMatchObject({
      issue: { id: reported.detail.issue && (reported.detail.issue as { id: string }).id, status: "resolved" },
    });
    // Records the second sync did not change are not announced again.
    const modified = idsOf(ofType(after, "vehicle.modified"), "vehicles");
    expect(modified.length).toBeLessThan(vehicleIds.length);
  });
});
