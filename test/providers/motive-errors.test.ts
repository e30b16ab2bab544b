/**
 * Motive syncs under the fake's server errors, truncated bodies and slow answers still complete
 * with exactly the canonical fleet. Faults are switched on after the first sync (./motive-faults.ts).
 */
import { describe, expect, it } from "vitest";
import { syncUnder } from "./motive-faults";
import { expectCanonicalFleet, fleetOf } from "./motive-helpers";

describe("Motive sync under faults", () => {
  it("retries server errors, truncated bodies and slow answers, and still stores exactly the canonical fleet", {
    timeout: 120_000,
  }, async () => {
    const { account, connection, job, served } = await syncUnder({
      serverErrorRate: 0.3,
      malformedRate: 0.3,
      delayMs: 20,
    });
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    // The fake's dice are seeded by the faults, so every run meets both kinds (11 and 4 of them).
    expect(served.serverErrors).toBeGreaterThan(0);
    expect(served.malformed).toBeGreaterThan(0);
    await expectCanonicalFleet(connection, fleetOf(account), job);
  });
});
