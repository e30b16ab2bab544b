/**
 * Crash points of a consumer that carries a sync on: it stores the vehicles page of its
 * message, is handed the drivers page by the sync object (no queue message, no claim), and
 * stores that too. A failure or a crash is injected at each I/O step of that run
 * (test/helpers/io-faults.ts); after it, the sync object's watchdog sends the current page
 * again (as after a consumer's crash). Either way the sync completes with exactly the
 * provider's vehicles and drivers, each stored once and announced. Then, through the queue
 * handler: a carried page that fails is queued as a message of its own, with no watchdog needed.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client";
import type { Env } from "../../src/env";
import { drivers } from "../../src/families/drivers/table";
import { vehicles } from "../../src/families/vehicles/table";
import type { SyncMessage, SyncStep } from "../../src/sync/messages";
import { processPage } from "../../src/sync/process-page";
import { handleSyncBatch, SYNC_QUEUE_NAME } from "../../src/sync/queue-handler";
import { dataDb } from "../helpers/factories";
import { runWithFault } from "../helpers/io-faults";
import { expectEveryConnectionSynced, expectEveryEventDelivered, restartAfter } from "./crash-helpers";
import { BACKFILL_DAYS, injections, oneMessageBatch, startedSync, stepsOf } from "./crash-scenarios";

/** The records the two pages store, by their provider ids. */
async function storedRecords(connectionId: string) {
  const data = await dataDb(connectionId);
  const stored = {
    vehicles: await data.select().from(vehicles).where(eq(vehicles.connectionId, connectionId)),
    drivers: await data.select().from(drivers).where(eq(drivers.connectionId, connectionId)),
  };
  return {
    vehicles: stored.vehicles.map((vehicle) => vehicle.sourceId).sort(),
    drivers: stored.drivers.map((driver) => driver.sourceId).sort(),
  };
}

const atVehicles = (steps: SyncStep[]) => steps.findIndex((step) => step.model === "vehicles");

/** The consumer given `message`, allowed to carry on once (to the page after it). */
const carryOnce = (message: SyncMessage) => (faulty: Env) => {
  let handOvers = 1;
  return processPage(faulty, createDatabase(faulty.DB), message, () => handOvers-- > 0);
};

describe("a consumer carrying a sync on from page to page", async () => {
  const baseline = await startedSync(atVehicles);
  const steps = await stepsOf(carryOnce(baseline.message));
  await expectEveryConnectionSynced(baseline.app.id, BACKFILL_DAYS);
  // Every connection here syncs the same sandbox account (the same seed): these are its records.
  const expected = await storedRecords(baseline.row.id);

  it("carries on to the next page: one claim, two pages stored and reported, no message queued", () => {
    expect(baseline.message.step.model).toBe("vehicles");
    expect(steps.filter((step) => step === "CONNECTION_SYNC.claim")).toHaveLength(1);
    expect(steps.filter((step) => step === "CONNECTION_SYNC.pageDone")).toHaveLength(2);
    expect(steps).not.toContain("SYNC_QUEUE.send");
    expect(expected.vehicles).toHaveLength(2);
    expect(expected.drivers.length).toBeGreaterThan(0);
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): the sync completes with both pages' records, each once, announced",
    async (injection) => {
      const { app, inbox, row, message } = await startedSync(atVehicles);
      await runWithFault(env, injection, carryOnce(message));
      await restartAfter(row.id, 120_000);
      await expectEveryConnectionSynced(app.id, BACKFILL_DAYS);
      expect(await storedRecords(row.id)).toEqual(expected);
      await expectEveryEventDelivered(app.id, inbox);
    },
  );

  it("the queue handler queues a carried page that failed as its own message: the sync completes without a restart", async () => {
    const { app, inbox, row, message } = await startedSync(atVehicles);
    // The carried page's first storage write fails once.
    const carriedWrite = steps.findIndex(
      (step, index) => index > steps.indexOf("CONNECTION_SYNC.pageDone") && step.endsWith(".batch"),
    );
    // With carrying on enabled (it is off by default, src/config.ts).
    const run = await runWithFault(env, { at: carriedWrite + 1, mode: "fail" }, (faulty) =>
      handleSyncBatch(
        oneMessageBatch(SYNC_QUEUE_NAME, message),
        { ...faulty, SYNC_CARRY_ON_SECONDS: "10" },
        {
          move: () => Promise.reject(new Error("no move in this test")),
        },
      ),
    );
    expect(run.steps.at(-1)).toBe("SYNC_QUEUE.send");
    await expectEveryConnectionSynced(app.id, BACKFILL_DAYS);
    expect(await storedRecords(row.id)).toEqual(expected);
    await expectEveryEventDelivered(app.id, inbox);
  });
});
