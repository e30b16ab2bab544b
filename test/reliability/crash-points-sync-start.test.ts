/**
 * Crash points of sync start inside the connection's sync object, and a request after a restart: a failure (the call throws) or a crash (the process stops there for
 * good) is injected at each I/O step (test/helpers/io-faults.ts). A failed request must leave
 * nothing behind; after a crash, the recovery the service has (the sync object's alarm after a
 * restart, the recovery sweep) must bring back the invariants: every connection reaches a sync
 * with its backfill, no reservation without a job, every event delivered at least once, the
 * sweep completes. One file per operation, so that they run side by side.
 */
import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { syncJobs } from "../../src/db/schema";
import { connectionSync } from "../../src/sync/client";
import { dataDb } from "../helpers/factories";
import { expectEveryConnectionSynced, expectEveryEventDelivered, restartAfter, syncState } from "./crash-helpers";
import { BACKFILL_DAYS, injections, owingConnection, requestOn } from "./crash-scenarios";

describe("sync start inside the connection's sync object", async () => {
  const baseline = await owingConnection();
  const steps = (await requestOn(baseline.row)).steps;

  it("takes the steps the crash points cover", () => {
    // The connection; the job and its event on the shard: the answer. Then, after it: the event
    // relayed (control, then the shard's pending row removed, then its delivery queued), the owed
    // first sync cleared, the application's time-series setting read for the plan, and the first
    // message, side by side.
    expect(steps.slice(0, 2)).toEqual(["DB.raw", "DATA.batch"]);
    expect([...steps.slice(2)].sort()).toEqual(
      ["DB.batch", "DB.batch", "DB.batch", "DATA.batch", "WEBHOOK_QUEUE.sendBatch", "SYNC_QUEUE.send"].sort(),
    );
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): no phantom sync, and the first sync happens",
    async (injection) => {
      const { app, inbox, row } = await owingConnection();
      const run = await requestOn(row, injection);
      // Two minutes later, the object restarted meanwhile (as after a crash of the runtime).
      await restartAfter(row.id, 120_000);
      expect(await expectEveryConnectionSynced(app.id, BACKFILL_DAYS)).toBe(1);
      // No job left behind: every one the object wrote ran to its end.
      const jobs = await (await dataDb(row.id)).select().from(syncJobs).where(eq(syncJobs.connectionId, row.id));
      expect(jobs.map((job) => job.status)).toEqual(jobs.map(() => "completed"));
      if (run.outcome === "failed") expect(jobs).toHaveLength(1);
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});

describe("a request after a restart", () => {
  it("is not refused for a reservation whose request died with the runtime: the sync starts, with the owed backfill", async () => {
    const { app, row } = await owingConnection();
    const cut = await requestOn(row, { at: 2, mode: "crash" });
    expect(cut).toMatchObject({ outcome: "crashed", steps: ["DB.raw", "DATA.batch"] });
    expect((await syncState(row.id)).active?.reserved).toBe(true);
    await evictDurableObject(connectionSync(env, row.id));
    // At once, not after the reservation's timeout: the restarted object knows no request is running.
    const answer = await connectionSync(env, row.id).requestSync({
      identity: { connectionId: row.id, applicationId: row.applicationId, environment: row.environment },
      providerRequests: [],
    });
    expect(answer.status).toBe("started");
    const jobs = await (await dataDb(row.id)).select().from(syncJobs).where(eq(syncJobs.connectionId, row.id));
    expect(jobs.map((job) => job.id)).toEqual([answer.status === "started" ? answer.syncId : ""]);
    await expectEveryConnectionSynced(app.id, BACKFILL_DAYS);
  });
});
