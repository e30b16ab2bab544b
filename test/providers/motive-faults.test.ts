/**
 * Motive syncs under faults of the fake's account (rate limits with Retry-After, server
 * errors, truncated bodies, slow answers) still complete with exactly the canonical fleet;
 * missing permissions become issues; a key refused mid-life disconnects the connection.
 * Faults are switched on after the first sync, so that verification itself is not faulted.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Faults } from "../fakes/accounts.ts";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import {
  connectMotive,
  createMotiveAccount,
  expectCanonicalFleet,
  fleetOf,
  type MotiveAccount,
  type MotiveConnection,
  patchMotiveAccount,
  storedView,
  waitForLastSync,
} from "./motive-helpers";

const DAYS = 2;

async function motiveControl(account: MotiveAccount, control: "stats" | "forbidden", body?: unknown) {
  const response = await fetch(
    `${env.MOTIVE_BASE_URL}/__fake/motive/accounts/${encodeURIComponent(account.credential)}/${control}`,
    body === undefined
      ? {}
      : { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as any;
}

/** A connection whose first sync ran clean, then the faults, then a sync of the same days. */
async function syncUnder(faults: Faults) {
  const account = await createMotiveAccount({ vehicles: 3 });
  const connection = await connectMotive(account, { backfill: { days: DAYS } });
  expect((await waitForLastSync(connection)).status).toBe("completed");
  const before = await motiveControl(account, "stats");
  await patchMotiveAccount(account.credential, { faults });
  const sync = await requestSync(connection);
  const { job } = await waitForSync(connection.key, connection.token, sync, { timeoutMs: 100_000 });
  await patchMotiveAccount(account.credential, { faults: {} });
  const after = await motiveControl(account, "stats");
  const served = {
    rateLimited: after.rateLimited - before.rateLimited,
    serverErrors: after.serverErrors - before.serverErrors,
    malformed: after.malformed - before.malformed,
  };
  return { account, connection, job, served };
}

async function requestSync(connection: MotiveConnection): Promise<string> {
  const sync = await call("POST", `${BASE.sandbox}/syncs`, {
    key: connection.key,
    token: connection.token,
    body: { days: DAYS },
  });
  expect(sync.status).toBe(201);
  return sync.body.id;
}

describe("Motive sync under faults", () => {
  it("honours rate limits (429 + Retry-After) and still stores exactly the canonical fleet", {
    timeout: 120_000,
  }, async () => {
    const { account, connection, job, served } = await syncUnder({ rateLimitRate: 0.5, retryAfterSeconds: 1 });
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    expect(served.rateLimited).toBeGreaterThan(0);
    await expectCanonicalFleet(connection, fleetOf(account), job);
  });

  it("retries server errors, truncated bodies and slow answers, and still stores exactly the canonical fleet", {
    timeout: 120_000,
  }, async () => {
    const { account, connection, job, served } = await syncUnder({
      serverErrorRate: 0.3,
      malformedRate: 0.3,
      delayMs: 20,
    });
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    expect(served.serverErrors + served.malformed).toBeGreaterThan(0);
    await expectCanonicalFleet(connection, fleetOf(account), job);
  });
});

describe("Motive permissions", () => {
  it("a 403 on safety events and IFTA trips is a missing_permissions issue; the sync completes with the rest", async () => {
    const account = await createMotiveAccount({ vehicles: 3 });
    const connection = await connectMotive(account, { backfill: { days: 1 } });
    await waitForLastSync(connection);
    await motiveControl(account, "forbidden", { paths: ["/v1/driver_performance_events", "/v1/ifta/trips"] });

    // A fresh connection to the same account syncs under the missing permissions.
    const limited = await connectMotive(account, { backfill: { days: 1 } });
    const job = await waitForLastSync(limited);
    expect(job.status).toBe("completed");
    const synced = await call("GET", `${BASE.sandbox}/syncs/${job.id}?expand=issues`, {
      key: limited.key,
      token: limited.token,
    });
    expect(synced.body.issues).toEqual([
      expect.objectContaining({ error: expect.objectContaining({ code: "missing_permissions" }) }),
    ]);
    const stored = await storedView(limited);
    expect(stored.vehicles).toHaveLength(3);
    expect(stored.safetyEvents).toEqual([]);
    expect(stored.utilization).toHaveLength(6);
    expect(stored.utilization.every((day) => day.distance === 0 && day.fuelConsumed > 0)).toBe(true);

    // Once the permission is back, the next sync resolves the issue and fills distances in.
    await motiveControl(account, "forbidden", { paths: [] });
    const again = await requestSync(limited);
    await waitForSync(limited.key, limited.token, again);
    const issues = await call("GET", `${BASE.sandbox}/issues?connectionId=${limited.id}`, { key: limited.key });
    expect(issues.body.results.map((issue: { status: string }) => issue.status)).toEqual(["resolved"]);
    const refilled = await storedView(limited);
    expect(refilled.utilization.every((day) => day.distance > 0)).toBe(true);
  });

  it("a key that may no longer read vehicles disconnects the connection and fails the sync", async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const connection = await connectMotive(account);
    await waitForLastSync(connection);
    await motiveControl(account, "forbidden", { paths: ["/v1/vehicles"] });
    const sync = await requestSync(connection);
    const { job } = await waitForSync(connection.key, connection.token, sync);
    expect(job.status).toBe("failed");
    expect(job.failureReason).toContain("403");
    const current = await call("GET", `${BASE.sandbox}/connections/current`, {
      key: connection.key,
      token: connection.token,
    });
    expect(current.body.status).toBe("disconnected");
  });
});
