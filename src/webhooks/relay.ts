import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { controlD1 } from "../db/databases";
import { upsertJsonRows } from "../db/json-rows";
import { queryBatch, runBatch } from "../db/raw";
import { shardD1, shardNames } from "../db/shards";
import type { Env } from "../env";
import type { WebhookMessage } from "./emit";
import { type EventWrite, OUTBOX_GRACE_MS, owedDeliveries, queueOwedDeliveries } from "./outbox";

/**
 * Webhook events of changes on a data shard. The change and its events are written in one
 * batch on the shard (its events into `pending_events`), because a batch is a transaction on
 * one database only; the events are then relayed to the control database, where the webhook
 * tables are, and removed from the shard. A relay cut short (a crash, a failed call) leaves
 * them pending, and the recovery sweep relays them: an event stored is an event delivered, at
 * least once, with the same `webhook-id` however often it is relayed.
 */

/** A pending event row as stored on a shard. */
type PendingEvent = {
  id: string;
  application_id: string;
  environment: string;
  connection_id: string;
  type: string;
  payload: string;
  created_at: number;
};

const COLUMNS = ["id", "application_id", "environment", "connection_id", "type", "payload", "created_at"] as const;

/** Pending events one sweep relays per shard at most; the rest wait for the next sweep. */
const RELAY_LIMIT = 500;

/** The event as a pending row on the shard, written only when `when` holds; answers its id when written. */
function pendingStatement(event: EventWrite): SQL {
  const { envelope, tenant, at } = event;
  return sql`INSERT INTO pending_events (id, application_id, environment, connection_id, type, payload, created_at)
    SELECT ${envelope.id}, ${tenant.applicationId}, ${tenant.environment}, ${event.connectionId},
      ${envelope.type}, ${JSON.stringify(envelope)}, ${at}
    WHERE ${event.when}
    RETURNING id, application_id, environment, connection_id, type, payload, created_at`;
}

/**
 * Runs `statements` on shard `shard` with `events` in the same batch (one transaction), then
 * relays the events that were written. The relay is best effort here: what it leaves, the
 * recovery sweep relays. Answers the results of `statements`.
 */
export async function commitOnShard(
  env: Env,
  shard: string,
  statements: readonly SQLWrapper[],
  events: readonly EventWrite[],
  options: { defer?: (work: Promise<unknown>) => void } = {},
): Promise<D1Result[]> {
  const d1 = shardD1(env, shard);
  const results = await runBatch(d1, [...statements, ...events.map(pendingStatement)]);
  const written = results.slice(statements.length).flatMap((result) => (result.results ?? []) as PendingEvent[]);
  const relayed = relay(env, d1, written).catch((error: unknown) => {
    console.error(
      JSON.stringify({
        level: "warn",
        message: "webhook events not relayed; the recovery sweep will relay them",
        shard,
        events: written.length,
        error: String(error),
      }),
    );
  });
  // With `defer`, the relay goes on after the caller answers (its events are stored already).
  if (options.defer) options.defer(relayed);
  else await relayed;
  return results.slice(0, statements.length);
}

/**
 * Records pending events in the control database (an event already there is kept), owes their
 * deliveries (those not attempted yet), queues them, then removes the events from the shard.
 */
async function relay(env: Env, d1: D1Database, pending: readonly PendingEvent[]): Promise<void> {
  if (pending.length === 0) return;
  const now = Date.now();
  const ids = JSON.stringify(pending.map((event) => event.id));
  const results = await runBatch(controlD1(env), [
    ...upsertJsonRows({
      table: "webhook_events",
      columns: COLUMNS,
      rows: pending.map((event) => COLUMNS.map((column) => event[column])),
      conflict: ["id"],
    }),
    owedDeliveries(sql`e.id IN (SELECT value FROM json_each(${ids}))`, now, { relayed: true }),
  ]);
  const owed = (results.at(-1)?.results ?? []) as WebhookMessage[];
  await runBatch(d1, [sql`DELETE FROM pending_events WHERE id IN (SELECT value FROM json_each(${ids}))`]);
  await queueOwedDeliveries(env, owed);
}

/**
 * The relay sweep (part of the recovery sweep): on every shard, the events pending for longer
 * than a relay takes are relayed. Answers how many were.
 */
export async function relayPendingEvents(env: Env, now = Date.now()): Promise<number> {
  let relayed = 0;
  for (const name of shardNames(env)) {
    const d1 = shardD1(env, name);
    const [pending] = await queryBatch<[PendingEvent]>(d1, [
      sql`SELECT ${sql.raw(COLUMNS.join(", "))} FROM pending_events
        WHERE created_at <= ${now - OUTBOX_GRACE_MS} ORDER BY created_at LIMIT ${RELAY_LIMIT}`,
    ]);
    await relay(env, d1, pending);
    relayed += pending.length;
  }
  return relayed;
}
