import { and, asc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { ServiceContext } from "../context";
import { controlD1, controlDatabase } from "../db/databases";
import { prepare } from "../db/raw";
import { type ConnectionRow, connectionMoves, connections } from "../db/schema";
import { shardD1 } from "../db/shards";
import { revokeConnectionGrant } from "../domain/connections/revoke-grant";
import { forgetConnection } from "../domain/connections/token-cache";
import { ACTIVE_MOVE_STATUSES } from "../domain/shards/moves/progress";
import type { Env } from "../env";
import { FAMILY_TABLES } from "../families";
import { presentDeletedConnection } from "../presenters/connection";
import { connectionSync } from "../sync/client";
import { purgeConnectionArchive } from "../timeseries/archive/purge";
import { commitWithEvents, eventWrite } from "../webhooks/outbox";

type Owner = Pick<ConnectionRow, "id" | "applicationId" | "environment" | "shard">;

const byConnection = (c: Owner) => sql`connection_id = ${c.id}`;

/**
 * Every table holding rows of a connection (a `connection_id` column), in the database that
 * holds it, children before the rows they name, each with an indexed condition selecting the
 * connection's rows. In the control database, the deliveries of the connection's webhook events
 * are found through the events, so they go before them; on its data shard, the links of its
 * sync jobs to issues are its own rows (they carry the connection id). The synced data
 * families' tables come from their registry (families/index.ts). `usage_records` is not here
 * on purpose: see KEPT_TABLES.
 */
const CONTROL_TABLES: Readonly<Record<string, (c: Owner) => SQL>> = {
  webhook_deliveries: (c: Owner) => sql`event_id IN (SELECT id FROM webhook_events WHERE connection_id = ${c.id})`,
  webhook_outbox: (c: Owner) => sql`event_id IN (SELECT id FROM webhook_events WHERE connection_id = ${c.id})`,
  agreements: byConnection,
  public_tokens: byConnection,
  link_sessions: byConnection,
  connection_moves: byConnection,
  webhook_events: byConnection,
  // Where each destination's deliveries of the connection stand, and the parts they wrote of it
  // (what was delivered stays where it was delivered: the objects and stream records are the customer's).
  destination_watermarks: byConnection,
  delivery_parts: byConnection,
};
const SHARD_TABLES: Readonly<Record<string, (c: Owner) => SQL>> = {
  pending_events: byConnection,
  sync_job_issues: byConnection,
  issues: byConnection,
  sync_jobs: byConnection,
  // The index of its archived days (their objects are deleted first: purgeConnectionArchive), and
  // its series rows' payloads.
  series_archive: byConnection,
  vehicle_series_raw: byConnection,
  ...Object.fromEntries(FAMILY_TABLES.map((table) => [table, byConnection])),
};
type ConnectionTable = string;

/** A table is only started once the tables whose rows are found through it are empty. */
const FOUND_THROUGH: Readonly<Record<ConnectionTable, ConnectionTable[]>> = {
  webhook_events: ["webhook_deliveries", "webhook_outbox"],
};

/** The tables the sweep deletes from, in each database, for tests that check none is forgotten. */
export const DELETED_TABLES = { control: Object.keys(CONTROL_TABLES), shard: Object.keys(SHARD_TABLES) } as const;

/**
 * Tables with a `connection_id` column whose rows the sweep keeps, on purpose. `usage_records`
 * (on the connection's shard) is the application's billing record, not the connection's data:
 * which vehicles it was billed for in a month, and the backfill units. Deleting it would change
 * a past (or the current) month's `GET /usage` after the fact, and the application would lose
 * vehicles it was billed for. Its rows hold only ids (application, connection, vehicle) and
 * counts, nothing synced from the provider, and stay keyed by the deleted connection's id,
 * which the minimal record of the connection keeps (with its shard).
 */
export const KEPT_TABLES = ["usage_records"] as const;

export type DeletionSweepOptions = {
  /** Rows deleted by one statement (default 500): each D1 statement stays small. */
  rowsPerStatement?: number;
  /** Delete statements one sweep run may execute (default 300); the rest waits for the next run. */
  maxStatements?: number;
  /** Connections one sweep run starts deleting (default 25). */
  maxConnections?: number;
  now?: Date;
};

export type DeletionSweepResult = { deleted: string[]; unfinished: string[] };

/** One small delete statement: up to `limit` rows of the connection in `table`. */
function deleteStatement(condition: (c: Owner) => SQL, table: ConnectionTable, connection: Owner, limit: number) {
  const name = sql.raw(table);
  return sql`DELETE FROM ${name} WHERE rowid IN (SELECT rowid FROM ${name}
    WHERE ${condition(connection)} LIMIT ${limit})`;
}

/**
 * Deletes the connection's rows from `tables` of one database in batches of small statements
 * (one per table not yet empty) until none is left or the budget is spent: a statement deleting
 * fewer rows than its limit has emptied its table. Answers the statements used and whether all are empty.
 */
async function deleteConnectionRows(
  d1: D1Database,
  tables: Readonly<Record<string, (c: Owner) => SQL>>,
  connection: Owner,
  limit: number,
  budget: number,
): Promise<{ used: number; done: boolean }> {
  let remaining = Object.keys(tables);
  let used = 0;
  while (remaining.length > 0 && used < budget) {
    const ready = remaining.filter((table) => {
      const first = FOUND_THROUGH[table] ?? [];
      return first.every((child) => !remaining.includes(child));
    });
    const batch = ready.slice(0, budget - used);
    const results = await d1.batch(
      batch.map((table) => prepare(d1, deleteStatement(tables[table]!, table, connection, limit))),
    );
    used += batch.length;
    const emptied = new Set(batch.filter((_, index) => (results[index]?.meta.changes ?? 0) < limit));
    remaining = remaining.filter((table) => !emptied.has(table));
  }
  return { used, done: remaining.length === 0 };
}

/**
 * The shards holding rows of a connection being deleted: its own, and the other shard of each
 * move it was in that the deletion cancelled. A move under way is cancelled here (its worker stops
 * at the status; its sync object is purged at the end), and `cancelledNow` says so.
 */
async function shardsOfConnection(
  { db }: ServiceContext,
  connection: ConnectionRow,
): Promise<{ shards: string[]; cancelledNow: boolean }> {
  const cancelled = await db
    .update(connectionMoves)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(
      and(eq(connectionMoves.connectionId, connection.id), inArray(connectionMoves.status, [...ACTIVE_MOVE_STATUSES])),
    )
    .returning({ id: connectionMoves.id });
  // A cancelled move (by this sweep, on an earlier run) left rows on its other shard too.
  const earlier = await db
    .select({ source: connectionMoves.source, target: connectionMoves.target })
    .from(connectionMoves)
    .where(and(eq(connectionMoves.connectionId, connection.id), eq(connectionMoves.status, "cancelled")));
  const shards = [connection.shard, ...earlier.flatMap((move) => [move.source, move.target])];
  return { shards: [...new Set(shards)], cancelledNow: cancelled.length > 0 };
}

/** Moves connections whose grace period has passed to `deleting` (irreversible); answers them. */
async function startDue({ db }: ServiceContext, now: Date, max: number): Promise<ConnectionRow[]> {
  const due = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.status, "pending_deletion"), lte(connections.deletionDueAt, now)))
    .orderBy(asc(connections.deletionDueAt))
    .limit(max);
  if (due.length === 0) return [];
  // Conditional: a cancellation that came first wins, and the move happens once.
  return db
    .update(connections)
    .set({ status: "deleting", updatedAt: now })
    .where(
      and(
        inArray(
          connections.id,
          due.map((row) => row.id),
        ),
        eq(connections.status, "pending_deletion"),
        lte(connections.deletionDueAt, now),
      ),
    )
    .returning();
}

/**
 * The end of a deletion: only the minimal record stays (id, provider, status, timestamps, token
 * hash), with the usage records that name its id (KEPT_TABLES).
 */
async function finish(context: ServiceContext, connection: ConnectionRow): Promise<void> {
  await connectionSync(context.env, connection.id).purge();
  // Before the credentials go: the app's access at the provider ends with the connection.
  await revokeConnectionGrant(context.env, connection);
  const now = new Date();
  const patch = {
    status: "deleted" as const,
    deletedAt: now,
    updatedAt: now,
    externalId: null,
    sourceId: null,
    company: { dotNumbers: [] },
    account: { dotNumbers: [] },
    tags: null,
    options: {},
    filters: null,
    backfill: null,
    credentialsEncrypted: null,
    tokenEncrypted: "",
    syncIntent: null,
    syncIntentAt: null,
  };
  const deleted: ConnectionRow = { ...connection, ...patch };
  // The minimal record and its `connection.deleted` event in one write. No connectionId on the
  // event: it outlives the connection's data and must not be kept as one of its rows.
  await commitWithEvents(
    context.env,
    [
      context.db
        .update(connections)
        .set(patch)
        .where(and(eq(connections.id, connection.id), eq(connections.status, "deleting"))),
    ],
    [
      eventWrite(
        { applicationId: deleted.applicationId, environment: deleted.environment },
        { type: "connection.deleted", detail: { connection: presentDeletedConnection(deleted) } },
        {
          now,
          when: sql`EXISTS (SELECT 1 FROM connections WHERE id = ${connection.id} AND status = 'deleted'
            AND deleted_at = ${now.getTime()})`,
        },
      ),
    ],
  );
}

/**
 * The deletion sweep (cron DELETION_SWEEP_CRON): starts the deletion of connections whose
 * grace period has passed, and deletes the rows of every `deleting` connection (all but its
 * usage records, KEPT_TABLES) within a bounded amount of work. A run cut off midway leaves
 * connections `deleting`, and the next run picks them up again.
 */
export async function runDeletionSweep(env: Env, options: DeletionSweepOptions = {}): Promise<DeletionSweepResult> {
  const context: ServiceContext = { db: controlDatabase(env), env };
  const now = options.now ?? new Date();
  const limit = options.rowsPerStatement ?? 500;
  let budget = options.maxStatements ?? 300;
  const max = options.maxConnections ?? 25;

  const started = await startDue(context, now, max);
  for (const connection of started) {
    // Reads stop now in this isolate; elsewhere within AUTH_CACHE_SECONDS (token-cache.ts).
    forgetConnection(connection.id);
    // Stops a sync that might still be running (the status is no longer `connected`). Best
    // effort: a page of a sync still running finds the connection no longer connected and stops.
    await connectionSync(env, connection.id)
      .connectionChanged()
      .catch((error: unknown) => console.error(`sync of ${connection.id} not stopped`, error));
  }
  const deleting = await context.db
    .select()
    .from(connections)
    .where(eq(connections.status, "deleting"))
    .orderBy(asc(connections.deletionDueAt))
    .limit(max);

  const result: DeletionSweepResult = { deleted: [], unfinished: [] };
  for (const connection of deleting) {
    if (budget <= 0) {
      result.unfinished.push(connection.id);
      continue;
    }
    // The connection's data on its shard first (and on the target of a move it was in, which
    // the deletion ends), then its rows in the control database.
    const { shards, cancelledNow } = await shardsOfConnection(context, connection);
    if (cancelledNow) {
      // A unit of the move may still be writing on its target: the rows go on the next run,
      // once no unit of it is left (a unit reads the move's status before it starts).
      result.unfinished.push(connection.id);
      continue;
    }
    // Its archived time series first: the objects, wherever the index rows are.
    let data = await purgeConnectionArchive(env.SERIES_ARCHIVE, connection.id, budget);
    budget -= data.used;
    for (const shard of shards) {
      if (!data.done) break;
      data = await deleteConnectionRows(shardD1(env, shard), SHARD_TABLES, connection, limit, budget);
      budget -= data.used;
    }
    const control = data.done
      ? await deleteConnectionRows(controlD1(env), CONTROL_TABLES, connection, limit, budget)
      : { used: 0, done: false };
    budget -= control.used;
    if (!control.done) {
      result.unfinished.push(connection.id);
      continue;
    }
    await finish(context, connection);
    result.deleted.push(connection.id);
  }
  console.log(JSON.stringify({ level: "info", message: "deletion sweep", ...result }));
  return result;
}
