/**
 * Motive permissions: missing ones become issues and the sync completes with the rest; a key
 * refused the vehicles mid-life disconnects the connection.
 */
import { describe, expect, it } from "vitest";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import { motiveControl, requestSync } from "./motive-faults";
import { connectMotive, createMotiveAccount, storedView, waitForLastSync } from "./motive-helpers";

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
