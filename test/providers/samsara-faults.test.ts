/**
 * Samsara misbehaving: rate limits (429 with a fractional Retry-After, which the queue turns
 * into a delay), server errors, truncated bodies and slow answers, scripted (deterministic) and
 * at random rates: the sync still completes with exactly the canonical data. A scope the
 * token lacks (403) becomes a `missing_permissions` issue; a token revoked mid-sync (401)
 * disconnects the connection.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Faults } from "../fakes/accounts.ts";
import { driversAt } from "../fakes/fleet.ts";
import { createTestApplication } from "../helpers/factories";
import { injectedFaults, totalFaults } from "../helpers/fake-faults";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { expectCanonical } from "./samsara-canonical";
import {
  connectSamsara,
  createSamsaraAccount,
  denySamsaraScopes,
  expectedDrivers,
  expectedGroups,
  expectedVehicles,
  listAll,
  patchSamsaraAccount,
  projectDrivers,
  projectGroups,
  projectVehicles,
  samsaraLog,
  scriptSamsara,
} from "./samsara-helpers";

/** A connection whose first sync ran cleanly; then the faults are set and a 2-day sync is requested. */
async function syncUnder(setup: (token: string) => Promise<void>, vehicles = 5) {
  const app = await createTestApplication();
  const account = await createSamsaraAccount({ vehicles });
  const connection = await connectSamsara(app, account.token);
  const key = app.keys.sandbox.secret;
  const token = connection.token;
  expect((await waitForSync(key, token, await lastSyncId(key, token))).job.status).toBe("completed");
  const before = (await samsaraLog(account.token)).length;
  await setup(account.token);
  const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 2 } });
  expect(sync.status).toBe(201);
  const { job } = await waitForSync(key, token, sync.body.id, { timeoutMs: 90_000 });
  const log = (await samsaraLog(account.token)).slice(before);
  return { app, account, connection, key, token, job, log };
}

describe("transient failures", () => {
  it("retries a page answered 429, 429, 503 and a truncated body, then completes with exactly the canonical data", async () => {
    const { account, key, token, job, log } = await syncUnder((apiToken) =>
      scriptSamsara(apiToken, ["429", "429", "503", "malformed"]),
    );
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    // The first page was asked five times, with the same parameters: three refusals, a truncated body, then the page.
    expect(log.slice(0, 5).map((request) => request.status)).toEqual([429, 429, 503, 200, 200]);
    for (const request of log.slice(1, 5)) expect(request).toEqual({ ...log[0]!, status: request.status });
    await expectCanonical(key, token, account.fleet, job);
  }, 30_000);

  it("completes with exactly the canonical data under random rate limits (fractional Retry-After), 5xx and truncated bodies", async () => {
    const faults: Faults = {
      rateLimitRate: 0.3,
      retryAfterSeconds: 0.40235,
      serverErrorRate: 0.15,
      malformedRate: 0.15,
    };
    // One scripted 503 besides the random faults, so that no run goes without a fault (all nine
    // pages passing first time under these rates is a 0.2% chance).
    const { account, key, token, job, log } = await syncUnder(async (apiToken) => {
      await patchSamsaraAccount(apiToken, { faults });
      await scriptSamsara(apiToken, ["503"]);
    });
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    // Every fault made the client ask for the same page again. The scripted 503 answers the first
    // request unless a random 429 (counted in `injected`) answers it first: at least one fault either way.
    const injected = totalFaults(await injectedFaults(env.SAMSARA_BASE_URL, account.token));
    const distinct = new Set(log.map((request) => JSON.stringify([request.path, request.query])));
    expect(log.length - distinct.size).toBeGreaterThanOrEqual(Math.max(injected, 1));
    await expectCanonical(key, token, account.fleet, job);
  }, 60_000);

  it("waits for slow answers", async () => {
    const { account, key, token, job } = await syncUnder(
      (apiToken) => patchSamsaraAccount(apiToken, { faults: { delayMs: 150 } }),
      3,
    );
    expect(job.status).toBe("completed");
    await expectCanonical(key, token, account.fleet, job);
  }, 30_000);
});

describe("permissions and credentials", () => {
  it("reports a scope the token lacks (403) as a missing_permissions issue and syncs the rest", async () => {
    const app = await createTestApplication();
    const account = await createSamsaraAccount({ vehicles: 4 });
    await denySamsaraScopes(account.token, ["Read Tags", "Read Fuel & Energy"]);
    const connection = await connectSamsara(app, account.token, { backfill: { days: 1 } });
    const key = app.keys.sandbox.secret;
    const token = connection.token;
    const syncId = await lastSyncId(key, token);
    expect((await waitForSync(key, token, syncId)).job.status).toBe("completed");
    const job = await call("GET", `${BASE.sandbox}/syncs/${syncId}?expand=issues`, { key, token });
    expect(job.body.issues).toEqual([
      expect.objectContaining({ status: "ongoing", error: expect.objectContaining({ code: "missing_permissions" }) }),
    ]);
    expect(job.body.issues[0].error.message).toMatch(/403/);
    expect(await listAll(key, token, "/groups")).toEqual([]);
    expect(await listAll(key, token, "/vehicles/utilization?startDate=2020-01-01")).toEqual([]);
    expect(projectVehicles(await listAll(key, token, "/vehicles?expand=devices")).map((v) => v.sourceId)).toEqual(
      expectedVehicles(account.fleet).map((v) => v.sourceId),
    );
    // Drivers are read in full; their tags are references to groups that could not be read.
    const withoutGroups = ({ groups: _groups, ...driver }: { groups: unknown }) => driver;
    expect(projectDrivers(await listAll(key, token, "/drivers?expand=groups")).map(withoutGroups)).toEqual(
      expectedDrivers(driversAt(account.fleet)).map(withoutGroups),
    );

    // The scopes granted again: the next sync resolves the issue.
    await denySamsaraScopes(account.token, []);
    const again = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect((await waitForSync(key, token, again.body.id)).job.status).toBe("completed");
    const issues = await call("GET", `${BASE.sandbox}/issues?connectionId=${connection.id}`, { key });
    expect(issues.body.results.map((issue: { status: string }) => issue.status)).toEqual(["resolved"]);
    expect(projectGroups(await listAll(key, token, "/groups?expand=parent"))).toEqual(expectedGroups());
  });

  it("disconnects the connection when Samsara answers 401 mid-sync (the token was revoked)", async () => {
    const { key, token, job } = await syncUnder((apiToken) => scriptSamsara(apiToken, ["401"]), 2);
    expect(job.status).toBe("failed");
    expect(job.failureReason).toMatch(/rejected the connection's credentials/);
    const current = await call("GET", `${BASE.sandbox}/connections/current`, { key, token });
    expect(current.body.status).toBe("disconnected");
  });
});
