/**
 * What every crash-point test checks once the system has had its chance to recover: the
 * invariants a user relies on (every connection reaches a sync that carries its backfill; no
 * reservation without a job; every event delivered at least once), read from the real
 * storage, the real Durable Objects and the fake receiver.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { INTENT_GRACE_MS, reconcile } from "../../src/cron/reconcile";
import { connections, pendingEvents, syncJobs, webhookEvents, webhookOutbox } from "../../src/db/schema";
import { connectionSync } from "../../src/sync/client";
import type { ConnectionSync } from "../../src/sync/connection-sync";
import type { SyncState } from "../../src/sync/state";
import { db, SHARDS, shardDb } from "../helpers/factories";
import { waitFor } from "../webhooks/helpers";

/** A minute and a half later, as the recovery sweep sees it: every intent and owed delivery is overdue. */
export const later = () => Date.now() + INTENT_GRACE_MS + 30_000;

/** The state of a connection's sync object. */
export function syncState(connectionId: string): Promise<SyncState> {
  return runInDurableObject(connectionSync(env, connectionId), (instance: ConnectionSync) => instance.inspect());
}

/**
 * The sync object restarted (its memory lost, its storage kept) after `ms` went by: the stored
 * times of its active sync and schedule are moved back by `ms`, then its alarm rings.
 */
export async function restartAfter(connectionId: string, ms: number): Promise<void> {
  const stub = connectionSync(env, connectionId);
  await evictDurableObject(stub);
  await runInDurableObject(stub, (_instance: ConnectionSync, state: DurableObjectState) => {
    const row = state.storage.sql
      .exec<{ value: string }>("SELECT value FROM sync_state WHERE key = 'state'")
      .toArray()[0];
    if (!row) return;
    const stored = JSON.parse(row.value) as SyncState;
    if (stored.active) stored.active.lastProgressAt -= ms;
    if (stored.nextScheduledAt !== null) stored.nextScheduledAt -= ms;
    state.storage.sql.exec("UPDATE sync_state SET value = ? WHERE key = 'state'", JSON.stringify(stored));
  });
  await evictDurableObject(stub);
  await runDurableObjectAlarm(stub);
}

/**
 * Every connection of the application reaches a completed sync, with nothing left owed and no
 * reservation without its job; a connection created with a backfill has it in a sync's window.
 */
export async function expectEveryConnectionSynced(applicationId: string, backfillDays: number): Promise<number> {
  const rows = await db().select().from(connections).where(eq(connections.applicationId, applicationId));
  for (const connection of rows) {
    const completed = await waitFor(
      async () => {
        await reconcile(env, later());
        const jobs = await shardDb(connection.shard)
          .select()
          .from(syncJobs)
          .where(eq(syncJobs.connectionId, connection.id));
        return jobs.find((job) => job.status === "completed");
      },
      `a completed sync of ${connection.id}`,
      20_000,
    );
    const backfillStart = connection.createdAt.getTime() - backfillDays * 86_400_000;
    expect(completed.startFrom?.getTime(), "the first sync carries the backfill").toBeLessThanOrEqual(backfillStart);
    const [after] = await db().select().from(connections).where(eq(connections.id, connection.id));
    expect(after?.syncIntent ?? null).toBeNull();
    const state = await syncState(connection.id);
    if (state.active) {
      const [job] = await shardDb(connection.shard).select().from(syncJobs).where(eq(syncJobs.id, state.active.syncId));
      expect(job, "no reservation without a job").toBeDefined();
    }
  }
  return rows.length;
}

/**
 * Every event of the application reaches the receiver at least once, with its own id as
 * `webhook-id`, and nothing stays owed. The recovery sweep runs as time goes by.
 */
export async function expectEveryEventDelivered(
  applicationId: string,
  inbox: { received(): Promise<{ headers: Record<string, string> }[]> },
): Promise<number> {
  // Events of data changes are relayed from the shards to the control database (the reconciler
  // relays any still pending there), so the application's events are read after each sweep.
  let events: { id: string }[] = [];
  await waitFor(
    async () => {
      await reconcile(env, later());
      const pending = await Promise.all(
        SHARDS.map((name) =>
          shardDb(name).select().from(pendingEvents).where(eq(pendingEvents.applicationId, applicationId)),
        ),
      );
      if (pending.flat().length > 0) return undefined;
      events = await db()
        .select({ id: webhookEvents.id })
        .from(webhookEvents)
        .where(eq(webhookEvents.applicationId, applicationId));
      const received = new Set((await inbox.received()).map((request) => request.headers["webhook-id"]));
      const owed = await db()
        .select()
        .from(webhookOutbox)
        .where(and(eq(webhookOutbox.applicationId, applicationId)));
      return events.every((event) => received.has(event.id)) && owed.length === 0 ? true : undefined;
    },
    "every event delivered",
    20_000,
  );
  return events.length;
}
