/**
 * Crash points of the deletion sweep: a failure (the call throws) or a crash (the process stops there for
 * good) is injected at each I/O step (test/helpers/io-faults.ts). After either, the next runs of the
 * sweep must complete the deletion: nothing of the connection left on the control database or its
 * shard but its usage records, no delivery of its events owed, `connection.deleted` announced once.
 * The steps are many (the control database and the shard, each family's table), so two files take
 * half of them each (crash-points-deletion-sweep-*.test.ts) and run side by side.
 */
import { env } from "cloudflare:workers";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runDeletionSweep } from "../../src/cron/deletion-sweep";
import { connections, webhookDeliveries, webhookEvents } from "../../src/db/schema";
import { createConnection } from "../../src/domain/connections/create";
import { requestConnectionDeletion } from "../../src/domain/connections/request-deletion";
import { rowsOfConnection } from "../deletion/helpers";
import { db } from "../helpers/factories";
import { runWithFault } from "../helpers/io-faults";
import { expectEveryConnectionSynced, expectEveryEventDelivered } from "./crash-helpers";
import { BACKFILL_DAYS, context, creationInput, injections, stepsOf, subscribedApplication } from "./crash-scenarios";

/** The usage records kept (the application's billing), and nothing else. */
const usageOnly = (rows: Record<string, number>) => (rows.usage_records ? { usage_records: rows.usage_records } : {});

/** Which half of the sweep's steps a file injects faults at. */
export type StepHalf = "first" | "second";

export function describeDeletionSweepCrashes(half: StepHalf) {
  describe(`deletion sweep, the ${half} half of its steps`, async () => {
    /** A synced connection of an application subscribed to every event; its deletion not requested yet. */
    async function syncedConnection() {
      const subscribed = await subscribedApplication();
      const { connection } = await createConnection(context(env), subscribed.tenant, creationInput());
      return { ...subscribed, id: connection.id };
    }
    /** The connection's deletion requested, with its grace period over by `sweepTime()`; and its events. */
    async function requestDeletion(synced: Awaited<ReturnType<typeof syncedConnection>>) {
      await expectEveryConnectionSynced(synced.app.id, BACKFILL_DAYS);
      const [row] = await db().select().from(connections).where(eq(connections.id, synced.id));
      await requestConnectionDeletion(context(env), row!);
      const events = await db()
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.connectionId, synced.id));
      return { ...synced, eventIds: events.map((event) => event.id) };
    }
    const sweepTime = () => new Date(Date.now() + 25 * 3_600_000);
    const baseline = await requestDeletion(await syncedConnection());
    const steps = await stepsOf((faulty) => runDeletionSweep(faulty, { now: sweepTime() }));
    const middle = Math.ceil(steps.length / 2);
    const inHalf = (at: number) => (half === "first" ? at <= middle : at > middle);
    // One connection per injection, created together so that their syncs run side by side; each
    // one's deletion is requested only in its own test (a sweep takes every connection that is due).
    const covered = injections(steps)
      .filter((injection) => inHalf(injection.at))
      .map((injection, index) => ({ ...injection, index }));
    const prepared = await Promise.all(covered.map(() => syncedConnection()));

    it("takes the steps the crash points cover", async () => {
      expect(steps[0]).toBe("DB.raw");
      expect(steps).toContain("CONNECTION_SYNC.purge");
      expect(covered.length).toBeGreaterThan(0);
      const [row] = await db().select().from(connections).where(eq(connections.id, baseline.id));
      expect(row?.status).toBe("deleted");
    });

    it.each(covered)(
      "a fault at step $at ($mode): the next run completes the deletion, announced once",
      async (injection) => {
        const { app, inbox, id, eventIds } = await requestDeletion(prepared[injection.index]!);
        await runWithFault(env, injection, (faulty) => runDeletionSweep(faulty, { now: sweepTime() }));
        for (let run = 0; run < 3; run++) await runDeletionSweep(env, { now: sweepTime() });
        const [row] = await db().select().from(connections).where(eq(connections.id, id));
        expect(row?.status).toBe("deleted");
        // Nothing of the connection is left, in the control database or on any shard.
        expect(await rowsOfConnection(id)).toEqual(usageOnly(await rowsOfConnection(id)));
        const [deliveries] = await db()
          .select({ n: sql<number>`count(*)` })
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.eventId, eventIds));
        expect(deliveries?.n, "webhook_deliveries").toBe(0);
        const deletedEvents = (
          await db().select().from(webhookEvents).where(eq(webhookEvents.applicationId, app.id))
        ).filter((event) => event.type === "connection.deleted");
        expect(deletedEvents).toHaveLength(1);
        await expectEveryEventDelivered(app.id, inbox);
      },
    );
  });
}
