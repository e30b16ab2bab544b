/**
 * Provider pacing per connection (src/sync/provider-pacer.ts): whatever reads a connection's
 * provider — its sync's pages one after another, or several live reads at once — the fake
 * Samsara sees no more requests in any second than the adapter declares for their bucket.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { samsaraAdapter } from "../../src/providers/samsara/adapter";
import { SamsaraClient } from "../../src/providers/samsara/client";
import { samsaraListEnvelope } from "../../src/providers/samsara/payloads";
import { MAX_IN_PROCESS_WAIT_MS, providerPacer } from "../../src/sync/provider-pacer";
import { createTestApplication } from "../helpers/factories";
import { lastSyncId, waitForSync } from "../helpers/sync";
import {
  connectSamsara,
  createSamsaraAccount,
  type RequestArrival,
  samsaraArrivals,
} from "../providers/samsara-helpers";

/** The bucket of each Samsara path the adapter reads (as declared in its paceBucket). */
function bucketOf(path: string): string {
  if (path === "/fleet/vehicles" || path === "/fleet/reports/vehicles/fuel-energy") return "fleet";
  if (path.startsWith("/safety-events") || path === "/cameras/media") return "safety";
  if (path === "/trips/stream") return "trips";
  if (path === "/fleet/hos/logs") return "hosLogs";
  if (path === "/fleet/hos/daily-logs") return "hosDailyLogs";
  if (path === "/fleet/reports/ifta/vehicle") return "ifta";
  return "token";
}

/** The most requests the fake saw within any one second [t, t + 1 s), and their arrival times (for the failure message). */
function busiestSecond(times: readonly number[]): { count: number; window: number[] } {
  const sorted = [...times].sort((a, b) => a - b);
  let busiest = { count: 0, window: [] as number[] };
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= 1000) start++;
    if (end - start + 1 > busiest.count) busiest = { count: end - start + 1, window: sorted.slice(start, end + 1) };
  }
  return busiest;
}

/** A window's arrivals as offsets from its first, in ms. */
const offsets = (window: readonly number[]) => window.map((at) => at - (window[0] as number)).join(" ");

function expectWithinPace(log: readonly RequestArrival[]) {
  const byBucket = new Map<string, number[]>();
  for (const request of log)
    byBucket.set(bucketOf(request.path), [...(byBucket.get(bucketOf(request.path)) ?? []), request.at]);
  for (const [bucket, times] of byBucket) {
    const pace = samsaraAdapter.requestPace[bucket];
    expect(pace, bucket).toBeDefined();
    const busiest = busiestSecond(times);
    expect(
      busiest.count,
      `${bucket}: ${times.length} requests; busiest second: ${offsets(busiest.window)}`,
    ).toBeLessThanOrEqual(pace?.requests ?? 0);
  }
  const busiest = busiestSecond(log.map((request) => request.at));
  expect(busiest.count, `all: busiest second: ${offsets(busiest.window)}`).toBeLessThanOrEqual(
    samsaraAdapter.requestPace.token?.requests ?? 0,
  );
}

describe("provider pacing", () => {
  it("keeps a sync's requests within Samsara's per-bucket limits", async () => {
    const app = await createTestApplication();
    const account = await createSamsaraAccount({ vehicles: 3 });
    // About 60 daily fuel-energy reports, read one page after another: more than the 25 a second allowed.
    const connection = await connectSamsara(app, account.token, { backfill: { days: 60 } });
    const key = app.keys.sandbox.secret;
    const { job } = await waitForSync(key, connection.token, await lastSyncId(key, connection.token), {
      timeoutMs: 60_000,
    });
    expect(job.status).toBe("completed");
    const log = await samsaraArrivals(account.token);
    const fleet = log.filter((request) => bucketOf(request.path) === "fleet");
    expect(fleet.length).toBeGreaterThan(50);
    expectWithinPace(log);
  }, 90_000);

  it("paces concurrent live reads, and turns a wait longer than the consumer's into rate_limited", async () => {
    const account = await createSamsaraAccount({ vehicles: 1 });
    const pace = providerPacer(env, `con_pace_${crypto.randomUUID()}`, samsaraAdapter, "cameraMedia");
    const client = new SamsaraClient({ apiToken: account.token, region: "us" }, { env, pace });
    // Fourteen at once at 5 a second, slots 250 ms apart (1.25 s / 5): nine fit within the 2 s
    // the caller may wait (slots 0 … 2000 ms), one more for each 250 ms the asks take to reach the
    // connection's object on a busy machine; the rest are refused, never sent.
    const results = await Promise.allSettled(
      Array.from({ length: 14 }, () =>
        client.get("/safety-events", { safetyEventIds: "none", includeAsset: "true" }, samsaraListEnvelope),
      ),
    );
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    const sent = results.length - refused.length;
    expect(sent).toBeGreaterThanOrEqual(9);
    expect(sent).toBeLessThanOrEqual(11);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: "rate_limited" });
      expect((error as ProviderError).retryAfterSeconds).toBeGreaterThan(MAX_IN_PROCESS_WAIT_MS / 1000);
    }
    const log = await samsaraArrivals(account.token);
    expect(log).toHaveLength(sent);
    expectWithinPace(log);
  });
});
