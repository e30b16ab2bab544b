/**
 * Crash points of connection update: a failure (the call throws) or a crash (the process stops there for
 * good) is injected at each I/O step (test/helpers/io-faults.ts). A failed request must leave
 * nothing behind; after a crash, the recovery the service has (the sync object's alarm after a
 * restart, the recovery sweep) must bring back the invariants: every connection reaches a sync
 * with its backfill, no reservation without a job, every event delivered at least once, the
 * sweep completes. One file per operation, so that they run side by side.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connections, webhookEvents } from "../../src/db/schema";
import { createConnection } from "../../src/domain/connections/create";
import { updateConnection } from "../../src/domain/connections/update";
import { db } from "../helpers/factories";
import { runWithFault } from "../helpers/io-faults";
import { expectEveryConnectionSynced, expectEveryEventDelivered, syncState } from "./crash-helpers";
import { BACKFILL_DAYS, context, creationInput, injections, stepsOf, subscribedApplication } from "./crash-scenarios";

describe("connection update", async () => {
  /** A connection that synced once, automatic: the update below makes it manual. */
  async function syncedConnection() {
    const subscribed = await subscribedApplication();
    const { connection } = await createConnection(context(env), subscribed.tenant, {
      ...creationInput(),
      syncMode: "automatic",
    });
    await expectEveryConnectionSynced(subscribed.app.id, BACKFILL_DAYS);
    const [row] = await db().select().from(connections).where(eq(connections.id, connection.id));
    return { ...subscribed, row: row! };
  }
  const change = { syncMode: "manual" as const, tags: ["crash-test"] };
  const baseline = await syncedConnection();
  const steps = await stepsOf((faulty) => updateConnection(context(faulty), baseline.row, change));

  it("takes the steps the crash points cover", () => {
    expect(steps).toEqual(["DB.batch", "WEBHOOK_QUEUE.sendBatch", "CONNECTION_SYNC.connectionChanged"]);
  });

  it.each(injections(steps))(
    "a fault at step $at ($mode): all or nothing, and the schedule follows",
    async (injection) => {
      const { app, inbox, row } = await syncedConnection();
      const eventsBefore = await db().select().from(webhookEvents).where(eq(webhookEvents.connectionId, row.id));
      expect((await syncState(row.id)).nextScheduledAt).not.toBeNull();
      const run = await runWithFault(env, injection, (faulty) => updateConnection(context(faulty), row, change));
      const [after] = await db().select().from(connections).where(eq(connections.id, row.id));
      const eventsAfter = await db().select().from(webhookEvents).where(eq(webhookEvents.connectionId, row.id));
      if (run.outcome === "failed" || after?.updatedAt.getTime() === row.updatedAt.getTime()) {
        // Not applied (and certainly not when an error was answered): nothing changed, nothing announced.
        expect(after).toEqual(row);
        expect(eventsAfter).toEqual(eventsBefore);
      } else {
        expect(after).toMatchObject(change);
        expect(eventsAfter.length).toBe(eventsBefore.length + 1);
        // Whether or not the sync object heard of it, the recovery sweep makes the schedule follow.
        await expectEveryConnectionSynced(app.id, BACKFILL_DAYS);
        expect((await syncState(row.id)).nextScheduledAt).toBeNull();
      }
      await expectEveryEventDelivered(app.id, inbox);
    },
  );
});
