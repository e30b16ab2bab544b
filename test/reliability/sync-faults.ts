/**
 * Reliability, faults in sync (one file per provider, sync-faults-*.test.ts, so the three run
 * side by side): each fake provider misbehaves on 30 % of its data requests
 * (rate limits with Retry-After, 5xx, requests that hang past the client's timeout, truncated
 * bodies, well-formed bodies of the wrong shape, duplicated pages) while a sync runs through
 * the real Durable Object, queue consumer and D1 writes. Every sync must end `completed` and
 * the stored data must equal the provider's data exactly (no duplicates, no losses), with the
 * same ids after a second sync under the same faults.
 *
 * Redelivered queue messages and Durable Object eviction mid-sync are exercised by
 * test/sync/engine.test.ts; permanent faults (revoked credentials) by the provider tests.
 */
import { expect } from "vitest";
import type { Faults } from "../fakes/accounts.ts";
import { totalFaults } from "../helpers/fake-faults";
import { BASE, call } from "../helpers/http";
import { lastSyncId, type SyncJob, type SyncWindow, waitForSync } from "../helpers/sync";

/** 30 % of data requests fail, in every way the suite knows. */
export const FAULTS: Faults = {
  rateLimitRate: 0.06,
  retryAfterSeconds: 0.3,
  serverErrorRate: 0.06,
  timeoutRate: 0.02,
  // Longer than PROVIDER_TIMEOUT_MS in the test configuration (5000 ms).
  hangMs: 6000,
  malformedRate: 0.06,
  wrongShapeRate: 0.05,
  duplicatePageRate: 0.05,
};

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

/** Faults a run must survive before it counts: a small fleet's sync makes only about ten provider requests. */
const MIN_FAULTS = 4;
/** Syncs under faults at most, per provider (each one checked): far more than MIN_FAULTS needs at 30 %. */
const MAX_SYNCS = 8;

export type FaultRun = {
  key: string;
  token: string;
  /** The connection's first sync, without faults. */
  firstSync: SyncJob;
  days: number;
  /**
   * Asserts that the stored data equals the provider's, from the first faulty sync's start to
   * the end of the day the latest sync was requested.
   */
  expectExact: (window: SyncWindow) => Promise<unknown>;
  /** The faults the fake provider has injected for the account so far, by kind. */
  injected: () => Promise<Record<string, number>>;
};

/**
 * Syncs again and again under faults, at least twice and until MIN_FAULTS were injected: every
 * sync must complete with exactly the provider's data and the same ids as the one before.
 */
export async function syncUnderFaults(provider: string, run: FaultRun) {
  let syncs = 0;
  // Data stored by the clean first sync stays: the window starts at the earlier of the two starts.
  let startFrom: string | undefined;
  let ids: Awaited<ReturnType<typeof stableIds>> | undefined;
  let injected: Record<string, number> = {};
  do {
    const job = await requestSync(run.key, run.token, run.days);
    syncs++;
    expect(job.status, job.failureReason).toBe("completed");
    startFrom ??= [run.firstSync.startFrom as string, job.startFrom as string].sort()[0] as string;
    await run.expectExact({ startFrom, requestedAt: job.requestedAt });
    const now = await stableIds(run.key, run.token);
    if (ids) expect(now).toEqual(ids);
    ids = now;
    injected = await run.injected();
  } while (syncs < 2 || (totalFaults(injected) < MIN_FAULTS && syncs < MAX_SYNCS));
  expect(totalFaults(injected), `faults injected in ${syncs} syncs`).toBeGreaterThanOrEqual(MIN_FAULTS);
  const summary = { syncs, faultsInjected: totalFaults(injected), byKind: injected, duplicates: 0, losses: 0 };
  console.log(`SYNC_FAULTS_SUMMARY ${JSON.stringify({ [provider]: summary })}`);
}

/** Waits for the connection's first sync, which runs without faults, and checks it completed. */
export async function cleanFirstSync(key: string, token: string): Promise<SyncJob> {
  const { job } = await waitForSync(key, token, await lastSyncId(key, token));
  expect(job.status).toBe("completed");
  return job;
}
