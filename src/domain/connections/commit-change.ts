import { and, eq, type SQL, sql } from "drizzle-orm";
import type { ServiceContext } from "../../context";
import { type ConnectionRow, connections } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import type { Env } from "../../env";
import { connectionSync } from "../../sync/client";
import { CHANGED_INTENT } from "../../sync/owed-sync";
import { commitWithEvents, type EventInput, eventWrite } from "../../webhooks/outbox";
import { forgetConnection, replaceRememberedConnection } from "./token-cache";

export type ConnectionChange = {
  /** The new values; `updatedAt` is the time of the change. */
  patch: Partial<ConnectionRow> & { updatedAt: Date };
  /** Only a connection also matching this is changed (its status, its token, …). */
  condition: SQL | undefined;
  /** The events the change causes, from the connection as it will be. */
  events: (after: ConnectionRow) => Promise<EventInput[]>;
  /** More statements of the same change, run only if the connection was changed. */
  alsoWhen?: (applied: SQL) => SQL[];
  /**
   * `condition` holds only if the connection is unchanged since it was read: the row written is
   * then exactly the one read with the patch, and may replace what the isolate remembers.
   */
  unchangedSinceRead?: boolean;
};

/**
 * Applies a conditional change to a connection in one write (one transaction) with the events
 * it causes and the deliveries they owe, so that a request answering an error has changed
 * nothing and a change never goes unannounced. A change of status or sync mode also records
 * that the connection's sync object owes it a look (stop a running sync, recompute the
 * schedule): the call to the object after the write is then best effort, and the reconciler
 * repeats it if it did not happen. Answers the changed connection, or undefined if the
 * condition no longer held.
 */
export async function commitConnectionChange(
  { db, env, defer }: ServiceContext,
  connection: ConnectionRow,
  change: ConnectionChange,
): Promise<ConnectionRow | undefined> {
  const now = change.patch.updatedAt;
  const notifiesSync = change.patch.status !== undefined || change.patch.syncMode !== undefined;
  const after: ConnectionRow = {
    ...connection,
    ...change.patch,
    ...(notifiesSync
      ? { syncIntent: connection.syncIntent === "initial" ? "initial" : "changed", syncIntentAt: now }
      : {}),
  };
  const set = notifiesSync ? { ...change.patch, syncIntent: CHANGED_INTENT, syncIntentAt: now } : change.patch;
  const applied = sql`EXISTS (SELECT 1 FROM connections WHERE id = ${connection.id} AND updated_at = ${now.getTime()})`;
  const tenant = { applicationId: connection.applicationId, environment: connection.environment };
  const events = (await change.events(after)).map((event) => eventWrite(tenant, event, { now, when: applied }));
  const [update] = await commitWithEvents(
    env,
    [
      db
        .update(connections)
        .set(set)
        .where(and(eq(connections.id, connection.id), ...ofTenant(connections, connection), change.condition))
        // The shard as it is now: a move may have switched it since the connection was read.
        .returning({ shard: connections.shard }),
      ...(change.alsoWhen?.(applied) ?? []),
    ],
    events,
    defer ? { defer } : {},
  );
  if (update?.meta.changes !== 1) return undefined;
  const [current] = (update.results ?? []) as { shard: string }[];
  if (current) after.shard = current.shard;
  // This isolate answers no read from the connection as it was (other isolates: token-cache.ts):
  // it remembers the row as written when that is exact (its sync intent untouched), else nothing.
  if (change.unchangedSinceRead && !notifiesSync) replaceRememberedConnection(after);
  else forgetConnection(connection.id);
  // Told after the answer when the caller can defer: the intent recorded with the change makes it owed.
  if (notifiesSync && defer) defer(notifySync(env, after));
  else if (notifiesSync) await notifySync(env, after);
  return after;
}

/** Tells the connection's sync object that it changed; best effort (the recorded intent makes it owed). */
export async function notifySync(env: Env, connection: ConnectionRow): Promise<void> {
  try {
    await connectionSync(env, connection.id).connectionChanged({
      connectionId: connection.id,
      applicationId: connection.applicationId,
      environment: connection.environment,
    });
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "warn",
        message: "sync object not told of a connection change; the reconciler will",
        connectionId: connection.id,
        error: String(error),
      }),
    );
  }
}
