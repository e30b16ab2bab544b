import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { controlD1, shardDatabase } from "../db/databases";
import { queryBatch, runBatch } from "../db/raw";
import { type ConnectionRow, type IssueRow, type ProviderRequest, type SyncJobRow, syncJobs } from "../db/schema";
import { shardD1 } from "../db/shards";
import type { Env } from "../env";
import type { EventWrite } from "../webhooks/outbox";
import { commitOnShard } from "../webhooks/relay";
import { completionEvents, jobStarted, jobWritten, syncEvent } from "./job-events";
import { clearInitialIntent, owedBackfillStart } from "./owed-sync";
import { resolveUnreportedIssues, unreportedIssues } from "./write/issues";

/** The failure reason of a sync cancelled at the application's request. */
export const CANCELLED_REASON = "Cancelled at the application's request.";

/** The failure reason of a sync stopped because its connection may no longer sync. */
export const stoppedReason = (connection: ConnectionRow | undefined) =>
  `The connection is ${connection?.status ?? "deleted"}; syncing stopped.`;

/**
 * The statements on a connection's sync job rows, on the connection's data shard. A job's
 * request, start, completion and failure are each written in one batch with their webhook
 * events (job-events.ts), so that the change and its announcement are stored together or not
 * at all (relay.ts carries the events to the control database).
 */
export class SyncJobRows {
  /** The progress last written to the sync job row (memory only: after an eviction it is written once more). */
  private writtenProgress: { syncId: string; progress: number } | undefined;

  constructor(
    private readonly env: Env,
    /** The shard holding the connection's data (the object keeps it in memory: it changes only with a move). */
    private readonly shardOf: (connectionId: string) => Promise<string>,
    /** Keeps work going after the object's call answers (its waitUntil). */
    private readonly defer: (work: Promise<unknown>) => void,
  ) {}

  private async data(connectionId: string): Promise<{ shard: string; db: Database }> {
    const shard = await this.shardOf(connectionId);
    return { shard, db: shardDatabase(this.env, shard) };
  }

  /** Runs statements with their events on the connection's shard (relay.ts). */
  private async commit(
    connectionId: string,
    statements: Parameters<typeof commitOnShard>[2],
    events: EventWrite[],
    options: Parameters<typeof commitOnShard>[4] = {},
  ) {
    return commitOnShard(this.env, await this.shardOf(connectionId), statements, events, options);
  }

  /** The connection's job `syncId`. */
  async find(syncId: string, connectionId: string): Promise<SyncJobRow | undefined> {
    const { db } = await this.data(connectionId);
    const [job] = await db
      .select()
      .from(syncJobs)
      .where(and(eq(syncJobs.id, syncId), eq(syncJobs.connectionId, connectionId)))
      .limit(1);
    return job;
  }

  /**
   * A new job row, its `sync.requested` event, and the owed first sync cleared, in one write.
   * The job reads from `requestedStart`, or from earlier when it carries the owed first sync's backfill.
   */
  async insert(
    connection: ConnectionRow,
    syncId: string,
    requestedStart: number,
    providerRequests: ProviderRequest[],
    now: number,
  ): Promise<SyncJobRow> {
    const owed = owedBackfillStart(connection);
    const job: SyncJobRow = {
      id: syncId,
      connectionId: connection.id,
      applicationId: connection.applicationId,
      environment: connection.environment,
      status: "requested",
      requestedAt: new Date(now),
      startedAt: null,
      completedAt: null,
      failureReason: null,
      progress: 0,
      startFrom: new Date(owed === undefined ? requestedStart : Math.min(requestedStart, owed)),
      attempts: 1,
      providerRequests,
      updatedAt: new Date(now),
    };
    const { db } = await this.data(connection.id);
    // A request's answer waits for its job only: the event's relay and the owed first sync's
    // clearing go on after it (each recovered if cut short: relay.ts, clearOwedIntent).
    await this.commit(
      connection.id,
      [db.insert(syncJobs).values(job)],
      [syncEvent("sync.requested", connection, job)],
      {
        defer: this.defer,
      },
    );
    this.defer(this.clearOwedIntent(connection, job));
    return job;
  }

  /**
   * The owed first sync is carried by `job` (its window starts at the owed backfill or earlier):
   * the connection no longer owes it. Written after the job (the connection is in the control
   * database, the job on the shard) and best effort: should it not be written, the object clears
   * it again when it settles the job after a restart, and meanwhile the reconciler's request for
   * the owed sync finds this one active.
   */
  async clearOwedIntent(connection: ConnectionRow, job: SyncJobRow): Promise<void> {
    const owed = owedBackfillStart(connection);
    if (owed === undefined || job.startFrom === null || job.startFrom.getTime() > owed) return;
    try {
      await runBatch(controlD1(this.env), [clearInitialIntent(connection.id)]);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "warn",
          message: "owed first sync not cleared; cleared when the job is settled",
          connectionId: connection.id,
          error: String(error),
        }),
      );
    }
  }

  /**
   * The job row as it stands, written on shard `shard` whatever is there (a move's switch: the
   * copy may have carried an earlier version of it, or none). Its events were written with it.
   */
  async writeOn(shard: string, job: SyncJobRow): Promise<void> {
    const { id: _id, ...columns } = job;
    await shardDatabase(this.env, shard)
      .insert(syncJobs)
      .values(job)
      .onConflictDoUpdate({ target: syncJobs.id, set: columns });
  }

  /** A failed job opened again for its retry (same id, parameters kept, attempts counted), with its event. */
  async reopen(connection: ConnectionRow, syncId: string, now: number): Promise<SyncJobRow | undefined> {
    const reopened = and(eq(syncJobs.id, syncId), eq(syncJobs.connectionId, connection.id));
    const { db } = await this.data(connection.id);
    const [failed] = await db
      .select()
      .from(syncJobs)
      .where(and(reopened, eq(syncJobs.status, "failed")))
      .limit(1);
    if (!failed) return undefined;
    const job: SyncJobRow = {
      ...failed,
      status: "requested",
      attempts: failed.attempts + 1,
      failureReason: null,
      progress: 0,
      requestedAt: new Date(now),
      startedAt: null,
      completedAt: null,
      updatedAt: new Date(now),
    };
    const { id: _id, ...changes } = job;
    const [update] = await this.commit(
      connection.id,
      [
        db
          .update(syncJobs)
          .set(changes)
          .where(and(reopened, eq(syncJobs.attempts, failed.attempts))),
      ],
      [syncEvent("sync.requested", connection, job, jobWritten(syncId, now))],
    );
    return update?.meta.changes === 1 ? job : undefined;
  }

  /** A job cancelled while it was being written: failed rather than requested forever. Answers the row. */
  async failCancelled(syncId: string, connectionId: string): Promise<SyncJobRow | undefined> {
    const { db } = await this.data(connectionId);
    const [cancelled] = await db
      .update(syncJobs)
      .set({ status: "failed", failureReason: CANCELLED_REASON, updatedAt: new Date() })
      .where(eq(syncJobs.id, syncId))
      .returning();
    return cancelled;
  }

  /** The job is `in_progress` from its first pick-up, with its `sync.started` event in the same write. */
  async markStarted(connection: ConnectionRow | undefined, syncId: string): Promise<void> {
    if (!connection) return;
    const { db } = await this.data(connection.id);
    const [job] = await db.select().from(syncJobs).where(eq(syncJobs.id, syncId)).limit(1);
    if (job?.status !== "requested") return;
    const now = new Date();
    const started: SyncJobRow = { ...job, status: "in_progress", startedAt: now, updatedAt: now };
    await this.commit(
      connection.id,
      [
        db
          .update(syncJobs)
          .set({ status: "in_progress", startedAt: now, updatedAt: now })
          .where(and(eq(syncJobs.id, syncId), eq(syncJobs.status, "requested"))),
      ],
      [syncEvent("sync.started", connection, started, jobStarted(syncId, now.getTime()))],
    );
  }

  /** The job `failed`, with its reason and last progress, and its `sync.failed` event in one write. */
  async markFailed(
    connection: ConnectionRow | undefined,
    syncId: string,
    failureReason: string,
    progress: number,
  ): Promise<void> {
    if (!connection) return;
    const { db } = await this.data(connection.id);
    const [job] = await db.select().from(syncJobs).where(eq(syncJobs.id, syncId)).limit(1);
    if (!job) return;
    const now = new Date();
    const failed: SyncJobRow = { ...job, status: "failed", failureReason, progress, updatedAt: now };
    await this.commit(
      connection.id,
      [
        db
          .update(syncJobs)
          .set({ status: "failed", failureReason, progress, updatedAt: now })
          .where(eq(syncJobs.id, syncId)),
      ],
      [syncEvent("sync.failed", connection, failed)],
    );
  }

  /**
   * The job's progress, written only when it changed: a whole percentage, which most pages leave
   * as it was. Never lowered: a resend (the watchdog, a late duplicate) may write the value it
   * read while the next page's write overtakes it, and a reader must not see the sync go back.
   */
  async writeProgress(syncId: string, connectionId: string, progress: number): Promise<void> {
    if (this.writtenProgress?.syncId === syncId && this.writtenProgress.progress === progress) return;
    const { db } = await this.data(connectionId);
    await db
      .update(syncJobs)
      .set({ progress: sql`max(progress, ${progress})`, updatedAt: new Date() })
      .where(and(eq(syncJobs.id, syncId), eq(syncJobs.status, "in_progress")));
    this.writtenProgress = { syncId, progress };
  }

  /**
   * Completes the job: the job, the issues it no longer saw, and the events (`sync.completed`,
   * `issue.resolved`, and `connection.first_sync_completed` after the first one) in one write.
   */
  async complete(
    connection: ConnectionRow | undefined,
    connectionId: string,
    syncId: string,
    now: number,
  ): Promise<void> {
    const { shard, db } = await this.data(connectionId);
    const [[job], resolving] = await Promise.all([
      db.select().from(syncJobs).where(eq(syncJobs.id, syncId)).limit(1),
      queryBatch<[IssueRow]>(shardD1(this.env, shard), [unreportedIssues(connectionId, syncId)]).then(([rows]) => rows),
    ]);
    const events =
      connection && job && job.status !== "completed"
        ? await completionEvents(
            this.env,
            connection,
            { ...job, status: "completed", progress: 100, completedAt: new Date(now), updatedAt: new Date(now) },
            resolving,
            now,
          )
        : [];
    await this.commit(
      connectionId,
      [
        sql`UPDATE sync_jobs SET status = 'completed', progress = 100, completed_at = ${now}, updated_at = ${now}
          WHERE id = ${syncId} AND status != 'completed'`,
        resolveUnreportedIssues(connectionId, syncId, now),
      ],
      events,
      // The object is free for the next sync once the job is completed: the rest goes on after.
      { defer: this.defer },
    );
    // A job that carried the owed first sync has done it, should its start not have said so.
    if (connection && job) this.defer(this.clearOwedIntent(connection, job));
  }
}
