/**
 * Usage is the application's billing record, not the connection's data: deleting a connection
 * (request, grace period, sweep) leaves every page of GET /usage exactly as it was, the deleted
 * connection's vehicles still listed under its id.
 */
import { describe, expect, it } from "vitest";
import { createSandboxConnection, createTestApplication, type TestApplication } from "../helpers/factories";
import { BASE, type CallResult, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { connectionRow, endGracePeriod, requestDeletion, rowsOfConnection, triggerSweep } from "./helpers";

type UsageRecord = { connection: string; vehicle: string; backfillUnitCount: number };

/** Every page of the month's GET /usage, `limit` records a page, following `next` (statuses and bodies). */
async function usageAnswer(app: TestApplication, month: string, limit?: number) {
  const pages: Pick<CallResult<any>, "status" | "body">[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ month });
    if (limit !== undefined) query.set("limit", String(limit));
    if (cursor !== undefined) query.set("cursor", cursor);
    const page = await call("GET", `${BASE.sandbox}/usage?${query}`, { key: app.keys.sandbox.secret });
    pages.push({ status: page.status, body: page.body });
    cursor = page.status === 200 ? page.body.next : undefined;
    if (pages.length > 50) throw new Error("GET /usage: pagination did not end");
  } while (cursor !== undefined);
  return pages;
}

describe("usage across the deletion of a connection", () => {
  it("the month's GET /usage answers the same before the deletion and after the sweep finished", async () => {
    const app = await createTestApplication();
    const key = app.keys.sandbox.secret;
    // Billed this month by real syncs: every vehicle of the fleet, and backfill units for the
    // deleted one's 3 days of history. The other connection stays.
    const deleted = await createSandboxConnection(app, {
      backfill: { days: 3 },
      options: { sandbox: { fleetSize: 4, revision: 0 } },
    });
    const kept = await createSandboxConnection(app, { options: { sandbox: { fleetSize: 3, revision: 0 } } });
    const { job } = await waitForSync(key, deleted.token, await lastSyncId(key, deleted.token));
    expect(job.status).toBe("completed");
    await waitForSync(key, kept.token, await lastSyncId(key, kept.token));
    // The month the sync ran in (not today's when the test crosses the 1st, 00:00 UTC).
    const month = job.requestedAt.slice(0, 7);

    const before = { whole: await usageAnswer(app, month), paged: await usageAnswer(app, month, 2) };
    expect(before.whole).toHaveLength(1);
    expect(before.whole[0]?.status).toBe(200);
    const records = before.whole[0]?.body.results as UsageRecord[];
    const deletedRecords = records.filter((record) => record.connection === deleted.id);
    expect(deletedRecords).toHaveLength(4);
    expect(deletedRecords.some((record) => record.backfillUnitCount > 0)).toBe(true);
    expect(records.filter((record) => record.connection === kept.id)).toHaveLength(3);
    // Pages of 2: one of them holds records of both connections, and a cursor names a deleted vehicle.
    expect(before.paged.length).toBeGreaterThan(3);

    await requestDeletion(app, deleted.token);
    await endGracePeriod(deleted.id);
    await triggerSweep();
    expect((await connectionRow(deleted.id))?.status).toBe("deleted");
    // Everything else of the connection is gone (vehicles included); its usage records are not.
    expect(await rowsOfConnection(deleted.id)).toEqual({ usage_records: 4 });

    expect(await usageAnswer(app, month)).toEqual(before.whole);
    expect(await usageAnswer(app, month, 2)).toEqual(before.paged);
  });
});
