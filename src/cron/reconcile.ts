import { and, asc, eq, isNotNull, lte, or } from "drizzle-orm";
import { controlDatabase } from "../db/databases";
import { connections } from "../db/schema";
import { resumeStalledMoves } from "../domain/shards/moves/worker";
import type { Env } from "../env";
import { connectionSync } from "../sync/client";
import { resendOverdueDeliveries } from "../webhooks/outbox";
import { relayPendingEvents } from "../webhooks/relay";

/**
 * How long an intent may stay unfulfilled before the reconciler acts on it: the request that
 * recorded it normally fulfils it within a second; one cut short (a crash, a failed call) is
 * taken over after this.
 */
export const INTENT_GRACE_MS = 60_000;

/** Connections one run looks at; the rest wait for the next run (a minute later). */
const CONNECTIONS_PER_RUN = 200;

export type ReconcileResult = {
  syncsRequested: number;
  changesApplied: number;
  eventsRelayed: number;
  deliveriesResent: number;
  movesResumed: number;
};

/**
 * The recovery sweep (every minute): what was promised durably but not done is done now.
 * - A first sync owed to a connection that has not started (`syncIntent = initial`) is requested
 *   from its sync object, which carries the stored backfill into it.
 * - A status or sync-mode change the sync object was not told of (`syncIntent = changed`) is told.
 * - Webhook events of data changes still pending on a shard are relayed (relay.ts).
 * - Every webhook delivery still owed whose time passed is queued again (outbox.ts).
 * - A move between shards with no progress for a while is resumed (domain/shards/moves/worker.ts).
 */
export async function reconcile(env: Env, now = Date.now()): Promise<ReconcileResult> {
  const db = controlDatabase(env);
  const owed = await db
    .select()
    .from(connections)
    .where(
      and(
        isNotNull(connections.syncIntent),
        lte(connections.syncIntentAt, new Date(now - INTENT_GRACE_MS)),
        or(eq(connections.syncIntent, "changed"), eq(connections.status, "connected")),
      ),
    )
    .orderBy(asc(connections.syncIntentAt))
    .limit(CONNECTIONS_PER_RUN);
  const result: ReconcileResult = {
    syncsRequested: 0,
    changesApplied: 0,
    eventsRelayed: 0,
    deliveriesResent: 0,
    movesResumed: 0,
  };
  for (const connection of owed) {
    const identity = {
      connectionId: connection.id,
      applicationId: connection.applicationId,
      environment: connection.environment,
    };
    try {
      const sync = connectionSync(env, connection.id);
      if (connection.syncIntent === "initial") {
        // A conflict means a sync is active: it carries the backfill if it started after the intent,
        // and otherwise its reservation is settled by the object's own watchdog.
        const started = await sync.requestSync({ identity, providerRequests: [] });
        if (started.status === "started") result.syncsRequested++;
      } else {
        await sync.connectionChanged(identity);
        result.changesApplied++;
      }
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "error",
          message: "owed sync work not done; retried on the next run",
          connectionId: connection.id,
          error: String(error),
        }),
      );
    }
  }
  // Events relayed first: the deliveries they owe are queued with them.
  result.eventsRelayed = await relayPendingEvents(env, now);
  result.deliveriesResent = await resendOverdueDeliveries(env, now);
  result.movesResumed = await resumeStalledMoves(env, now);
  return result;
}
