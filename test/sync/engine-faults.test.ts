/**
 * The sync engine under provider faults, end to end in workerd (the real Durable Object, queue
 * consumer and D1; the sandbox provider is the upstream): faults that pass on a retry, and a
 * provider that never recovers.
 */
import { describe, expect, it } from "vitest";
import { drivers } from "../../src/families/drivers/table";
import { vehicles } from "../../src/families/vehicles/table";
import { expectError } from "../helpers/api-assertions";
import { BASE, call } from "../helpers/http";
import { providerSourceIds } from "../helpers/provider-truth";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { setup, storedSourceIds } from "./engine-helpers";

describe("faults", () => {
  it("completes despite rate limits, server errors and timeouts, with exactly the provider's data", async () => {
    const options = {
      sandbox: {
        fleetSize: 40,
        revision: 0,
        faults: { rateLimitRate: 0.3, retryAfterSeconds: 0.2, serverErrorRate: 0.2, timeoutRate: 0.1 },
      },
    };
    const { connection, key, token } = await setup({ backfill: { days: 2 }, options });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    expect(job.status).toBe("completed");
    const clean = { sandbox: { fleetSize: 40, revision: 0 } };
    expect(await storedSourceIds(vehicles, connection.id)).toEqual(
      await providerSourceIds(connection, "vehicles", clean),
    );
    expect(await storedSourceIds(drivers, connection.id)).toEqual(
      await providerSourceIds(connection, "drivers", clean),
    );
  }, 70_000);

  it("fails with a reason when the provider never recovers, and a retry with the faults gone completes the same job", async () => {
    const { key, token } = await setup({
      options: { sandbox: { fleetSize: 3, revision: 0, faults: { serverErrorRate: 1 } } },
    });
    const syncId = await lastSyncId(key, token);
    // The sync queue's 8 retries in the tests (test/workers-project.ts), a second apart, take about 9 s.
    const { job } = await waitForSync(key, token, syncId, { timeoutMs: 110_000 });
    expect(job.status).toBe("failed");
    expect(job.failureReason).toMatch(/unavailable/i);
    await call("PATCH", `${BASE.sandbox}/connections/current`, {
      key,
      token,
      body: { options: { sandbox: { fleetSize: 3, revision: 0 } } },
    });
    const retry = await call("POST", `${BASE.sandbox}/syncs/${syncId}/retry`, { key, token });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: syncId, message: expect.any(String) });
    const again = await waitForSync(key, token, syncId);
    expect(again.job).toMatchObject({ status: "completed", attempts: 2 });
    const notFailed = await call("POST", `${BASE.sandbox}/syncs/${syncId}/retry`, { key, token });
    expectError(notFailed, 422, "invalid_sync_state");
  }, 130_000);
});
