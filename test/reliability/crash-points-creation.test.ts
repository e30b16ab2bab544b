/**
 * Crash points of connection creation: a failure (the call throws) or a crash (the process stops there for
 * good) is injected at each I/O step (test/helpers/io-faults.ts). A failed request must leave
 * nothing behind; after a crash, the recovery the service has (the sync object's alarm after a
 * restart, the recovery sweep) must bring back the invariants: every connection reaches a sync
 * with its backfill, no reservation without a job, every event delivered at least once, the
 * sweep completes. One file per operation, so that they run side by side.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreements, connections, webhookEvents, webhookOutbox } from "../../src/db/schema";
import { createConnection } from "../../src/domain/connections/create";
import { db, SHARDS } from "../helpers/factories";
import { runWithFault } from "../helpers/io-faults";
import { expectEveryConnectionSynced, expectEveryEventDelivered } from "./crash-helpers";
import { BACKFILL_DAYS, context, creationInput, injections, stepsOf, subscribedApplication } from "./crash-scenarios";

describe("connection creation", async () => {
  const baseline = await subscribedApplication();
  const steps = await stepsOf((faulty) => createConnection(context(faulty), baseline.tenant, creationInput()));

  it("takes the steps the crash points cover", () => {
    // Placement reads (the directory and counts, each shard's size), then the one write.
    expect(steps).toEqual([
      "DB.batch",
      ...SHARDS.map(() => "DATA.run"),
      "DB.batch",
      "WEBHOOK_QUEUE.sendBatch",
      "CONNECTION_SYNC.requestSync",
    ]);
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): nothing half-made, and the connection syncs",
    async (injection) => {
      const { app, inbox, tenant } = await subscribedApplication();
      const run = await runWithFault(env, injection, (faulty) =>
        createConnection(context(faulty), tenant, creationInput()),
      );
      const rows = await db().select().from(connections).where(eq(connections.applicationId, app.id));
      const events = await db().select().from(webhookEvents).where(eq(webhookEvents.applicationId, app.id));
      if (rows.length === 0) {
        // Nothing of the connection exists, nothing was announced or owed.
        expect(await db().select().from(agreements).where(eq(agreements.applicationId, app.id))).toEqual([]);
        expect(events).toEqual([]);
        expect(await db().select().from(webhookOutbox).where(eq(webhookOutbox.applicationId, app.id))).toEqual([]);
      } else {
        // Written in one piece: the connection with its agreement and its announcement.
        expect(rows).toHaveLength(1);
        expect(await db().select().from(agreements).where(eq(agreements.connectionId, rows[0]!.id))).toHaveLength(1);
        expect(events.map((event) => event.type)).toContain("connection.created");
      }
      // A request that answered an error left nothing behind.
      if (run.outcome === "failed") expect(rows).toEqual([]);
      if (injection.mode === "crash") expect(run.outcome).toBe("crashed");
      expect(await expectEveryConnectionSynced(app.id, BACKFILL_DAYS)).toBe(rows.length);
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});
