/**
 * GET /vehicles/locations of an automatic connection: at most 60 s behind the provider without a
 * provider call per API request. Concurrent requests share one refresh (the connection's Durable
 * Object gives one of them the refresh and the others wait for it), a fresh snapshot is served
 * as stored, and a manual connection never calls the provider on a read. Counted on the fake
 * Samsara's request log.
 */
import { describe, expect, it } from "vitest";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { connectSamsara, createSamsaraAccount, samsaraLog } from "../providers/samsara-helpers";

/** The fake's live snapshot requests (not the histories). */
const snapshotRequests = async (token: string) =>
  (await samsaraLog(token)).filter((request) => request.path === "/fleet/vehicles/stats").length;

async function connected(syncMode: "automatic" | "manual") {
  const app = await createTestApplication({ timeSeries: true });
  const account = await createSamsaraAccount({ vehicles: 3 });
  const connection = await connectSamsara(app, account.token, { syncMode });
  const key = app.keys.sandbox.secret;
  await waitForSync(key, connection.token, await lastSyncId(key, connection.token), { timeoutMs: 40_000 });
  const read = () => call("GET", `${BASE.sandbox}/vehicles/locations?expand=vehicle`, { key, token: connection.token });
  return { account, read };
}

describe("GET /vehicles/locations freshness", () => {
  it("refreshes once for many concurrent requests, then serves the fresh snapshot without calling the provider", async () => {
    const { account, read } = await connected("automatic");
    const afterSync = await snapshotRequests(account.token);
    expect(afterSync).toBeGreaterThan(0);
    const answers = await Promise.all(Array.from({ length: 20 }, read));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.results).toHaveLength(3);
      expect(answer.body.results[0].vehicle).toMatchObject({ id: expect.stringMatching(/^vcl_/) });
    }
    // One refresh reads the snapshot as the sync did: the same number of requests, whatever the API load.
    const oneRefresh = (await snapshotRequests(account.token)) - afterSync;
    expect(oneRefresh).toBe(afterSync);
    await Promise.all(Array.from({ length: 20 }, read));
    expect(await snapshotRequests(account.token)).toBe(afterSync + oneRefresh);
  });

  it("serves a manual connection's snapshot of its last sync, with no provider call", async () => {
    const { account, read } = await connected("manual");
    const afterSync = await snapshotRequests(account.token);
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body.results).toHaveLength(3);
    expect(await snapshotRequests(account.token)).toBe(afterSync);
  });
});
