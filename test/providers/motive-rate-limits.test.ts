/**
 * Motive syncs under the fake's rate limits (429 with Retry-After) still complete with exactly
 * the canonical fleet. Faults are switched on after the first sync (./motive-faults.ts).
 */
import { describe, expect, it } from "vitest";
import { syncUnder } from "./motive-faults";
import { expectCanonicalFleet, fleetOf } from "./motive-helpers";

describe("Motive sync under faults", () => {
  it("honours rate limits (429 + Retry-After) and still stores exactly the canonical fleet", {
    timeout: 120_000,
  }, async () => {
    const { account, connection, job, served } = await syncUnder({ rateLimitRate: 0.5, retryAfterSeconds: 1 });
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    expect(served.rateLimited).toBeGreaterThan(0);
    await expectCanonicalFleet(connection, fleetOf(account), job);
  });
});
