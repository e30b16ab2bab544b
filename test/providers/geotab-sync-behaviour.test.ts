/**
 * MyGeotab's behaviour during a sync: rate limits, server errors, truncated bodies and slow
 * answers are retried; sessions that expire mid-sync are renewed; a database on another server
 * (federation) is reached where Authenticate said. Each sync must store exactly the fleet.
 */
import { describe, expect, it } from "vitest";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { expected, expectFleet, setup, stored } from "./geotab-canonical";
import { geotabStats, patchGeotabAccount } from "./geotab-helpers";

describe("MyGeotab's behaviour during a sync", () => {
  it("rate limits, server errors, truncated bodies and slow answers are retried: the sync stores exactly the fleet", async () => {
    const faults = {
      rateLimitRate: 0.2,
      retryAfterSeconds: 0.4,
      serverErrorRate: 0.1,
      malformedRate: 0.1,
      delayMs: 40,
    };
    // Faults start after the connection exists: verification is a live call, where a rate limit is a 429.
    const { account, key, token } = await setup({ vehicles: 5 }, { backfill: { days: 0 } });
    await waitForSync(key, token, await lastSyncId(key, token));
    await patchGeotabAccount(account, { faults });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 1 } });
    const { job } = await waitForSync(key, token, sync.body.id, { timeoutMs: 80_000 });
    expect(job.status).toBe("completed");
    expectFleet(await stored(key, token), expected(account, job));
    expect((await geotabStats(account)).overLimit).toBeGreaterThan(0);
  }, 90_000);

  it("sessions that expire mid-sync are renewed (one Authenticate each) and nothing is lost", async () => {
    const { account, key, token } = await setup({ vehicles: 5, sessionTtlCalls: 12 }, { backfill: { days: 1 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token));
    expect(job.status).toBe("completed");
    expectFleet(await stored(key, token), expected(account, job));
    const stats = await geotabStats(account);
    expect(stats.expiredSessions).toBeGreaterThanOrEqual(1);
    expect(stats.authentications).toBe(stats.expiredSessions + 1);
  });

  it("a database on another server (federation): every data call goes where Authenticate said", async () => {
    const { account, key, token } = await setup({ vehicles: 3, federated: true }, { backfill: { days: 1 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token));
    expect(job.status).toBe("completed");
    expectFleet(await stored(key, token), expected(account, job));
    const stats = await geotabStats(account);
    expect(Object.keys(stats.requestsByHost)).toEqual([expect.stringMatching(/^localhost:\d+$/)]);
  });
});
