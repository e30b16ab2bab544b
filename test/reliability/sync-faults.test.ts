/**
 * Reliability, faults in sync: each fake provider misbehaves on 30 % of its data requests
 * (rate limits with Retry-After, 5xx, requests that hang past the client's timeout, truncated
 * bodies, well-formed bodies of the wrong shape, duplicated pages) while a sync runs through
 * the real Durable Object, queue consumer and D1 writes. Every sync must end `completed` and
 * the stored data must equal the provider's data exactly (no duplicates, no losses), with the
 * same ids after a second sync under the same faults.
 *
 * Redelivered queue messages and Durable Object eviction mid-sync are exercised by
 * test/sync/engine.test.ts; permanent faults (revoked credentials) by the provider tests.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Faults } from "../fakes/accounts.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { expected, expectFleet, setup as setupGeotab, stored as storedGeotab } from "../providers/geotab-canonical";
import { patchGeotabAccount } from "../providers/geotab-helpers";
import {
  backfillStart,
  connectMotive,
  createMotiveAccount,
  expectCanonicalFleet,
  fleetOf,
  patchMotiveAccount,
} from "../providers/motive-helpers";
import { expectCanonical } from "../providers/samsara-canonical";
import { connectSamsara, createSamsaraAccount, patchSamsaraAccount } from "../providers/samsara-helpers";

/** 30 % of data requests fail, in every way the suite knows. */
const FAULTS: Faults = {
  rateLimitRate: 0.06,
  retryAfterSeconds: 0.3,
  serverErrorRate: 0.06,
  timeoutRate: 0.02,
  // Longer than PROVIDER_TIMEOUT_MS in the test configuration (2500 ms).
  hangMs: 3500,
  malformedRate: 0.06,
  wrongShapeRate: 0.05,
  duplicatePageRate: 0.05,
};

const summary: Record<string, unknown> = {};

async function injectedAt(baseUrl: string, credential: string): Promise<Record<string, number>> {
  const response = await fetch(`${baseUrl}/__fake/accounts/${encodeURIComponent(credential)}`);
  const body = (await response.json()) as { injected?: Record<string, number> };
  return body.injected ?? {};
}

async function requestSync(key: string, token: string, days: number) {
  const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days } });
  expect(sync.status, JSON.stringify(sync.body)).toBe(201);
  const { job } = await waitForSync(key, token, sync.body.id, { timeoutMs: 150_000 });
  return job;
}

async function idsOf(key: string, token: string, path: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await call("GET", `${BASE.sandbox}${path}?limit=500${cursor ? `&cursor=${cursor}` : ""}`, {
      key,
      token,
    });
    ids.push(...page.body.results.map((record: { id: string }) => record.id));
    cursor = page.body.next;
  } while (cursor);
  return ids.sort();
}

/** Ids of vehicles and drivers: the same before and after another sync under faults. */
async function stableIds(key: string, token: string) {
  return { vehicles: await idsOf(key, token, "/vehicles"), drivers: await idsOf(key, token, "/drivers") };
}

function record(provider: string, injected: Record<string, number>, syncs: number) {
  const total = Object.values(injected).reduce((sum, count) => sum + count, 0);
  summary[provider] = { syncs, faultsInjected: total, byKind: injected, duplicates: 0, losses: 0 };
}

describe("syncs under 30 % provider faults store exactly the provider's data", () => {
  it("Samsara", async () => {
    const app = await createTestApplication();
    const account = await createSamsaraAccount({ vehicles: 8 });
    const connection = await connectSamsara(app, account.token);
    const key = app.keys.sandbox.secret;
    const { token } = connection;
    expect((await waitForSync(key, token, await lastSyncId(key, token))).job.status).toBe("completed");
    await patchSamsaraAccount(account.token, { faults: FAULTS });

    const first = await requestSync(key, token, 7);
    expect(first.status, first.failureReason).toBe("completed");
    await expectCanonical(key, token, account.fleet, first.startFrom as string);
    const ids = await stableIds(key, token);
    const second = await requestSync(key, token, 7);
    expect(second.status, second.failureReason).toBe("completed");
    await expectCanonical(key, token, account.fleet, first.startFrom as string);
    expect(await stableIds(key, token)).toEqual(ids);

    const injected = await injectedAt(env.SAMSARA_BASE_URL, account.token);
    expect(Object.values(injected).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    record("samsara", injected, 2);
  }, 320_000);

  it("Motive", async () => {
    const account = await createMotiveAccount({ vehicles: 8 });
    const connection = await connectMotive(account, { backfill: { days: 7 } });
    expect(
      (await waitForSync(connection.key, connection.token, await lastSyncId(connection.key, connection.token))).job
        .status,
    ).toBe("completed");
    await patchMotiveAccount(account.credential, { faults: FAULTS });

    const first = await requestSync(connection.key, connection.token, 7);
    expect(first.status, first.failureReason).toBe("completed");
    await expectCanonicalFleet(connection, fleetOf(account), backfillStart(7));
    const ids = await stableIds(connection.key, connection.token);
    const second = await requestSync(connection.key, connection.token, 7);
    expect(second.status, second.failureReason).toBe("completed");
    await expectCanonicalFleet(connection, fleetOf(account), backfillStart(7));
    expect(await stableIds(connection.key, connection.token)).toEqual(ids);

    const injected = await injectedAt(env.MOTIVE_BASE_URL, account.credential);
    expect(Object.values(injected).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    record("motive", injected, 2);
  }, 320_000);

  it("Geotab", async () => {
    const { account, key, token } = await setupGeotab({ vehicles: 8 }, { backfill: { days: 0 } });
    expect((await waitForSync(key, token, await lastSyncId(key, token))).job.status).toBe("completed");
    await patchGeotabAccount(account, { faults: FAULTS });

    const first = await requestSync(key, token, 5);
    expect(first.status, first.failureReason).toBe("completed");
    expectFleet(await storedGeotab(key, token), expected(account, first.startFrom as string));
    const ids = await stableIds(key, token);
    const second = await requestSync(key, token, 5);
    expect(second.status, second.failureReason).toBe("completed");
    expectFleet(await storedGeotab(key, token), expected(account, first.startFrom as string));
    expect(await stableIds(key, token)).toEqual(ids);

    const injected = await injectedAt(env.GEOTAB_BASE_URL, account.credential);
    expect(Object.values(injected).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    record("geotab", injected, 2);
    console.log(`SYNC_FAULTS_SUMMARY ${JSON.stringify(summary)}`);
  }, 320_000);
});
