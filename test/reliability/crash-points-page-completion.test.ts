/**
 * Crash points of page completion in the queue consumer: a failure (the call throws) or a crash (the process stops there for
 * good) is injected at each I/O step (test/helpers/io-faults.ts). A failed request must leave
 * nothing behind; after a crash, the recovery the service has (the sync object's alarm after a
 * restart, the recovery sweep) must bring back the invariants: every connection reaches a sync
 * with its backfill, no reservation without a job, every event delivered at least once, the
 * sweep completes. One file per operation, so that they run side by side.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { webhookEvents } from "../../src/db/schema";
import type { Env } from "../../src/env";
import { vehicles } from "../../src/families/vehicles/table";
import type { SyncMessage } from "../../src/sync/messages";
import { processPage } from "../../src/sync/process-page";
import { dataDb, db } from "../helpers/factories";
import { runWithFault } from "../helpers/io-faults";
import { expectEveryConnectionSynced, expectEveryEventDelivered, restartAfter } from "./crash-helpers";
import { BACKFILL_DAYS, injections, startedSync, stepsOf } from "./crash-scenarios";

describe("page completion in the queue consumer", async () => {
  const process = (message: SyncMessage) => (faulty: Env) => processPage(faulty, createDatabase(faulty.DB), message);
  const baseline = await startedSync((steps) => steps.findIndex((step) => step.model === "vehicles"));
  const steps = await stepsOf(process(baseline.message));

  it("takes the steps the crash points cover", () => {
    expect(baseline.message.step.model).toBe("vehicles");
    expect(steps[0]).toBe("CONNECTION_SYNC.claim");
    expect(steps).toContain("DB.batch");
    expect(steps.at(-2)).toBe("WEBHOOK_QUEUE.sendBatch");
    expect(steps.at(-1)).toBe("CONNECTION_SYNC.pageDone");
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): the sync resumes, stores each record once and announces it",
    async (injection) => {
      const { app, inbox, row, message } = await startedSync((steps) =>
        steps.findIndex((step) => step.model === "vehicles"),
      );
      await runWithFault(env, injection, process(message));
      await restartAfter(row.id, 120_000);
      await expectEveryConnectionSynced(app.id, BACKFILL_DAYS);
      const stored = await (await dataDb(row.id)).select().from(vehicles).where(eq(vehicles.connectionId, row.id));
      expect(stored.map((vehicle) => vehicle.sourceId).sort()).toEqual(
        [...new Set(stored.map((vehicle) => vehicle.sourceId))].sort(),
      );
      expect(stored).toHaveLength(2);
      const added = (await db().select().from(webhookEvents).where(eq(webhookEvents.connectionId, row.id)))
        .filter((event) => event.type === "vehicle.added")
        .flatMap((event) => (JSON.parse(event.payload) as { detail: { vehicles: string[] } }).detail.vehicles);
      expect(new Set(added)).toEqual(new Set(stored.map((vehicle) => vehicle.id)));
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});
