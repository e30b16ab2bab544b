import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { connectionD1 } from "../db/databases";
import { queryBatch } from "../db/raw";
import { type ConnectionRow, type IssueRow, type ProviderRequest, type SyncJobRow, syncJobs } from "../db/schema";
import type { Env } from "../env";
import { commitWithEvents } from "../webhooks/outbox";
import { completionEvents, jobStarted, jobWritten, syncEvent } from "./job-events";
import { clearInitialIntent, owedBackfillStart } from "./owed-sync";
import { resolveUnreportedIssues, unreportedIssues } from "./write/issues";

/** The failure reason of a sync cancelled at the application's request. */
export const CANCELLED_REASON = "Cancelled at the application's request.";

/** The failure reason of a sync stopped because its connection may no longer sync. */
export const stoppedReason = (connection: ConnectionRow | undefined) =>
  `The connection is ${connection?.status ?? "deleted"}; syncing stopped.`;

/**
 * The statements on a connection's sync job rows. A job's request, start, completion and
 * failure are each written in one D1 batch with their webhook events (job-events.ts), so that
 * the change and its announcement are stored together or not at all.
 */
export class SyncJobRows {
  /** The progress last written to the sync job row (memory only: after an eviction it is written once more). */
  private writtenProgress: { syncId: string; progress: number } | undefined;

  constructor(
    private readonly env: Env,
    private readonly db: Database,
  ) {}

  /** The connection's job `syncId`. */
  async find(syncId: string, connectionId: string): Promise<SyncJobRow | undefined> {
    const [job] = await this.db
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
    await commitWithEvents(
      this.env,
      [this.db.insert(syncJobs).values(job), ...(owed === undefined ? [] : [clearInitialIntent(connection.id)])],
      [syncEvent("sync.requested", connection, job)],
    );
    return job;
  }

  /** A failed job opened again for its retry (same id, parameters kept, attempts counted), with its event. */
  async reopen(connection: ConnectionRow, syncId: string, now: number): Promise<SyncJobRow | undefined> {
    const reopened = and(eq(syncJobs.id, syncId), eq(syncJobs.connectionId, connection.id));
    const [failed] = await this.db
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
    const [update] = await commitWithEvents(
      this.env,
      [
        this.db
          .update(syncJobs)
          .set(changes)
          .where(and(reopened, eq(syncJobs.attempts, failed.attempts))),
      ],
      [syncEvent("sync.requested", connection, job, jobWritten(syncId, now))],
    );
    return update?.meta.changes === 1 ? job : undefined;
  }

  /** A job cancelled while it was being written: failed rather than requested forever. Answers the row. */
  async failCancelled(syncId: string): Promise<SyncJobRow | undefined> {
    const [cancelled] = await this.db
      .update(syncJobs)
      .set({ status: "failed", failureReason: CANCELLED_REASON, updatedAt: new Date() })
      .where(eq(syncJobs.id, syncId))
      .returning();
    return cancelled;
  }

  /** The job is `in_progress` from its first pick-up, with its `sync.started` event in the same write. */
  async markStarted(connection: ConnectionRow | undefined, syncId: string): Promise<void> {
    const [job] = await this.db.select().from(syncJobs).where(eq(syncJobs.id, syncId)).limit(1);
    if (!connection || job?.status !== "requested") return;
    const now = new Date();
    const started: SyncJobRow = { ...job, status: "in_progress", startedAt: now, updatedAt: now };
    await commitWithEvents(
      this.env,
      [
        this.db
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
    const [job] = await this.db.select().from(syncJobs).where(eq(syncJobs.id, syncId)).limit(1);
    if (!job || !connection) return;
    const now = new Date();
    const failed: SyncJobRow = { ...job, status: "failed", failureReason, progress, updatedAt: now };
    await commitWithEvents(
      this.env,
      [
        this.db
          .update(syncJobs)
          .set({ status: "failed", failureReason, progress, updatedAt: now })
          .where(eq(syncJobs.id, syncId)),
      ],
      [syncEvent("sync.failed", connection, failed)],
    );
  }

  /** The job's progress, written only when it changed: a whole percentage, which most pages leave as it was. */
  async writeProgress(syncId: string, progress: number): Promise<void> {
    if (this.writtenProgress?.syncId === syncId && this.writtenProgress.progress === progress) return;
    await this.db
      .update(syncJobs)
      .set({ progress, updatedAt: new Date() })
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
    const [[job], resolving] = await Promise.all([
      this.db.select().from(syncJobs).where(eq(syncJobs.id, syncId)).limit(1),
      queryBatch<[IssueRow]>(connectionD1(this.env, { id: connectionId }), [
        unreportedIssues(connectionId, syncId),
      ]).then(([rows]) => rows),
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
    await commitWithEvents(
      this.env,
      [
        sql`UPDATE sync_jobs SET status = 'completed', progress = 100, completed_at = ${now}, updated_at = ${now}
          WHERE id = ${syncId} AND status != 'completed'`,
        resolveUnreportedIssues(connectionId, syncId, now),
      ],
      events,
    );
  }
}
