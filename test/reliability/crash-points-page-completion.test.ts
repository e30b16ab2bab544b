/**
 * Crash points of page completion in the queue consumer: a failure (the call throws) or a crash (the process stops there for
 * good) is injected at each I/O step (test/helpers/io-faults.ts). A failed request must leave
 * nothing behind; after a crash, the recovery the service has (the sync object's alarm after a
 * restart, the recovery sweep) must bring back the invariants: every connection reaches a sync
 * with its backfill, no reservation without a job, every event delivered at least once, the
 * sweep completes. One file per operation, so that they run side by side.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import { webhookEvents } from "../../src/db/schema";
import type { Env } from "../../src/env";
import { vehicles } from "../../src/families/vehicles/table";
import { connectionSync } from "../../src/sync/client";
import { ConnectionSync } from "../../src/sync/connection-sync";
import type { SyncMessage } from "../../src/sync/messages";
import { processPage } from "../../src/sync/process-page";
import type { SyncState } from "../../src/sync/state";
import { dataDb, db } from "../helpers/factories";
import { runWithFault } from "../helpers/io-faults";
import { expectEveryConnectionSynced, expectEveryEventDelivered, restartAfter, syncState } from "./crash-helpers";
import { BACKFILL_DAYS, injections, owingConnection, requestOn, stepsOf } from "./crash-scenarios";

describe("page completion in the queue consumer", async () => {
  /** The step at which a sync start sends its first message (from a start without a fault). */
  const sendStep = (await requestOn((await owingConnection()).row)).steps.indexOf("SYNC_QUEUE.send") + 1;

  /**
   * A connection whose first sync is started and saved, with its first message not sent (the
   * object crashed right before sending it): the test hands that message to the consumer.
   */
  async function startedSync() {
    const owing = await owingConnection();
    const { row } = owing;
    const stub = connectionSync(env, row.id);
    const started = await runInDurableObject(stub, (_instance: ConnectionSync, state: DurableObjectState) =>
      runWithFault(env, { at: sendStep, mode: "crash" }, async (faulty) => {
        const sync = new ConnectionSync(state, faulty);
        await sync.requestSync({
          identity: { connectionId: row.id, applicationId: row.applicationId, environment: row.environment },
          providerRequests: [],
        });
        await sync.idle();
      }),
    );
    expect(started.steps.at(-1)).toBe("SYNC_QUEUE.send");
    // The sync has come as far as its vehicles (the page whose records are announced): its stored
    // state says so, as the steps before would have left it.
    await runInDurableObject(stub, (_instance: ConnectionSync, state: DurableObjectState) => {
      const stored = JSON.parse(
        state.storage.sql.exec<{ value: string }>("SELECT value FROM sync_state WHERE key = 'state'").one().value,
      ) as SyncState;
      stored.active!.stepIndex = stored.active!.steps.findIndex((step) => step.model === "vehicles");
      state.storage.sql.exec("UPDATE sync_state SET value = ? WHERE key = 'state'", JSON.stringify(stored));
    });
    await evictDurableObject(stub);
    const { active } = await syncState(row.id);
    expect(active!.steps[active!.stepIndex]?.model).toBe("vehicles");
    const message: SyncMessage = {
      type: "sync.page",
      connectionId: row.id,
      syncId: active!.syncId,
      seq: active!.seq,
      step: active!.steps[active!.stepIndex]!,
    };
    return { ...owing, message };
  }
  const process = (message: SyncMessage) => (faulty: Env) => processPage(faulty, createDatabase(faulty.DB), message);
  const baseline = await startedSync();
  const steps = await stepsOf(process(baseline.message));

  it("takes the steps the crash points cover", () => {
    expect(steps[0]).toBe("CONNECTION_SYNC.claim");
    expect(steps).toContain("DB.batch");
    expect(steps.at(-2)).toBe("WEBHOOK_QUEUE.sendBatch");
    expect(steps.at(-1)).toBe("CONNECTION_SYNC.pageDone");
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): the sync resumes, stores each record once and announces it",
    async (injection) => {
      const { app, inbox, row, message } = await startedSync();
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
