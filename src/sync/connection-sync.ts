import { DurableObject } from "cloudflare:workers";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { syncIntervalMs, syncStallMs } from "../config";
import type { Database } from "../db/client";
import { connectionD1, controlD1, controlDatabase } from "../db/databases";
import { queryBatch, runBatch } from "../db/raw";
import {
  type ConnectionRow,
  connections,
  type IssueRow,
  type ProviderRequest,
  type SyncJobRow,
  syncJobs,
} from "../db/schema";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import { findProvider } from "../providers/registry";
import type { ProviderAdapter } from "../providers/types";
import { newWindow, reserveSlot, type SlidingWindow } from "../rate-limit/sliding-window";
import { connectionEventDetail, syncEventDetail } from "../webhooks/details";
import type { WebhookEventType } from "../webhooks/emit";
import { commitWithEvents, type EventWrite, eventWrite } from "../webhooks/outbox";
import type { SyncMessage } from "./messages";
import { clearChangedIntent, clearInitialIntent, owedBackfillStart } from "./owed-sync";
import { incrementalStart, planSteps, progressOf } from "./plan";
import { type ActiveSync, EMPTY_STATE, type SyncIdentity, type SyncState } from "./state";
import { issueDetail, resolveUnreportedIssues, unreportedIssues } from "./write/issues";
import { connectionRef, tenantOf } from "./write/record-events";

/** A reservation whose request has not written its job within this long was cut short (a crash): it is settled. */
const RESERVATION_TIMEOUT_MS = 60_000;
/**
 * While a sync is active the watchdog looks at least this often, and re-sends a message not
 * picked up in this long (lost, or its pick-up forgotten with a restart): an interrupted sync
 * resumes within two such periods of the restart. A duplicate it may send is harmless (the
 * page's writes are idempotent and a stale report is ignored).
 */
const RECOVERY_CHECK_MS = 30_000;
/** A scheduled sync whose request was cut short is asked for again after this long. */
const SCHEDULE_RETRY_MS = 60_000;

/** SQL: the job was reopened for a retry by the write requested at `at`. */
const jobWritten = (syncId: string, at: number) =>
  sql`EXISTS (SELECT 1 FROM sync_jobs WHERE id = ${syncId} AND status = 'requested' AND requested_at = ${at})`;
/** SQL: the job was started by the write at `at`. */
const jobStarted = (syncId: string, at: number) =>
  sql`EXISTS (SELECT 1 FROM sync_jobs WHERE id = ${syncId} AND status = 'in_progress' AND started_at = ${at})`;

export type RequestSyncInput = {
  identity: SyncIdentity;
  /** Earliest time-based records to read; absent: incrementally from the last completed sync. */
  startFrom?: number;
  providerRequests: ProviderRequest[];
  /** Retry of a failed job: the same job id, parameters kept, attempts counted. */
  retryOf?: string;
};

export type RequestSyncResult =
  /** `job`: the row as this request wrote it (a consumer may already have moved it on). */
  | { status: "started"; syncId: string; job: SyncJobRow }
  | { status: "conflict"; syncId: string }
  | { status: "not_connected" }
  | { status: "not_retryable" };

/**
 * One per connection (addressed by idFromName(connectionId)): the single place where sync
 * decisions are made — start, page done, failure, cancel, schedule — so there is never more
 * than one active sync per connection. Queue consumers do the I/O and report back; every
 * read-check-write on the state happens synchronously on the object's SQLite storage before
 * any await, because other calls interleave at awaits.
 */
export class ConnectionSync extends DurableObject<Env> {
  private readonly db: Database;
  /** Provider request reservations by bucket and pace; in memory (see acquireProviderSlot). */
  private readonly providerSlots = new Map<string, SlidingWindow>();
  /**
   * The stored state, also kept in memory: every change goes through save(), so the copy is
   * never stale, and a page no longer costs several SQLite reads and JSON parses. Frozen, so
   * that a change that skipped save() would throw instead of drifting from storage.
   */
  private cachedState: SyncState | undefined;
  /** The progress last written to the sync job row (memory only: after an eviction it is written once more). */
  private writtenProgress: { syncId: string; progress: number } | undefined;
  /** When the alarm is set to ring: null for none, undefined when not known since the object started. */
  private armedAt: number | null | undefined;
  /**
   * The last message a consumer picked up, and when. Memory only: storing it would cost a
   * durable write per page, and losing it (eviction) only means that a late duplicate of the
   * previous message resends the current one, whose second copy the seq check then drops.
   */
  private lastClaim: { syncId: string; seq: number; at: number } | undefined;
  /** The last message this instance queued (memory only: after a restart, it knows of none). */
  private lastSent: { syncId: string; seq: number } | undefined;
  /** Syncs whose request is running in this instance (memory only: after a restart, none is). */
  private readonly requesting = new Set<string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = controlDatabase(env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  }

  /**
   * Starts a sync unless one is active. Creates (or, for a retry, reopens) the sync job row,
   * with its `sync.requested` event in the same write. A first sync still owed to the
   * connection (created, never synced) is carried by whichever sync starts first.
   */
  async requestSync(input: RequestSyncInput): Promise<RequestSyncResult> {
    const left = this.load().active;
    // A reservation whose request is no longer running here was cut short: settled first, so that
    // no request is refused for a sync that will never exist.
    if (left?.reserved && this.orphaned(left)) await this.settleReservation(left, { requestOwed: false });
    const state = this.load();
    if (state.active) return { status: "conflict", syncId: state.active.syncId };
    const syncId = input.retryOf ?? newId("syncJob");
    const now = Date.now();
    // Reserve the slot before the first await, so a concurrent request sees the conflict. The
    // reservation and the alarm that looks at it again are written together (no await between
    // them: one durable write), so a reservation cut short by a crash is dropped, never kept.
    const reserved: ActiveSync = {
      syncId,
      seq: 0,
      steps: [],
      stepIndex: 0,
      pagesInStep: 0,
      started: false,
      progress: 0,
      lastProgressAt: now,
      windowEnd: now,
      reserved: true,
    };
    this.save({ ...state, identity: input.identity, active: reserved });
    const armed = this.armBy(now + RESERVATION_TIMEOUT_MS);
    this.requesting.add(syncId);
    try {
      await armed;
      const connection = await this.connection(input.identity.connectionId);
      const adapter = connection && findProvider(connection.provider);
      if (connection?.status !== "connected" || !adapter) {
        this.release(syncId);
        return { status: "not_connected" };
      }
      const job = input.retryOf
        ? await this.reopenJob(connection, syncId, now)
        : await this.insertJob(connection, syncId, input, state.coverageEnd, now);
      if (!job) {
        this.release(syncId);
        return { status: "not_retryable" };
      }
      if (this.load().active?.syncId !== syncId) {
        // Cancelled while the job was being written: leave it failed rather than requested forever.
        const [cancelled] = await this.db
          .update(syncJobs)
          .set({ status: "failed", failureReason: "Cancelled at the application's request.", updatedAt: new Date() })
          .where(eq(syncJobs.id, syncId))
          .returning();
        return { status: "started", syncId, job: cancelled ?? job };
      }
      await this.begin(adapter, job, now);
      return { status: "started", syncId, job };
    } catch (error) {
      this.release(syncId);
      throw error;
    } finally {
      this.requesting.delete(syncId);
    }
  }

  /** A new job row, its `sync.requested` event, and the owed first sync cleared, in one write. */
  private async insertJob(
    connection: ConnectionRow,
    syncId: string,
    input: RequestSyncInput,
    coverageEnd: number | null,
    now: number,
  ): Promise<SyncJobRow> {
    const requested = input.startFrom ?? incrementalStart(coverageEnd, now);
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
      startFrom: new Date(owed === undefined ? requested : Math.min(requested, owed)),
      attempts: 1,
      providerRequests: input.providerRequests,
      updatedAt: new Date(now),
    };
    await commitWithEvents(
      this.env,
      [this.db.insert(syncJobs).values(job), ...(owed === undefined ? [] : [clearInitialIntent(connection.id)])],
      [this.syncEvent("sync.requested", connection, job)],
    );
    return job;
  }

  /** A failed job opened again for its retry (same id, parameters kept, attempts counted), with its event. */
  private async reopenJob(connection: ConnectionRow, syncId: string, now: number): Promise<SyncJobRow | undefined> {
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
      [this.syncEvent("sync.requested", connection, job, jobWritten(syncId, now))],
    );
    return update?.meta.changes === 1 ? job : undefined;
  }

  /** The job is written: plan its steps, queue its first message, and arm the watchdog. */
  private async begin(adapter: ProviderAdapter, job: SyncJobRow, now: number): Promise<void> {
    const steps = planSteps(adapter, job.startFrom?.getTime() ?? now, now);
    const { reserved: _reserved, ...current } = this.load().active!;
    const active: ActiveSync = {
      ...current,
      steps,
      lastProgressAt: Date.now(),
      windowEnd: Math.max(now, ...steps.map((step) => step.window?.end ?? 0)),
    };
    this.save({ ...this.load(), active, nextScheduledAt: null });
    try {
      await this.send(active);
      await this.armAlarm();
    } catch (error) {
      // The job exists and its state is saved: the watchdog (armed with the reservation) sends the message again.
      console.error(
        JSON.stringify({ level: "warn", message: "first sync message not sent", syncId: job.id, error: String(error) }),
      );
    }
  }

  /**
   * A consumer asks whether to process message (syncId, seq). Only the current message
   * proceeds; a stale or duplicate one is dropped. If the previous message is asked for and
   * the current one was never picked up, the current one is (re)sent: its first send may
   * have been lost with a failed call.
   */
  async claim(syncId: string, seq: number): Promise<{ proceed: boolean }> {
    const state = this.load();
    const active = state.active;
    if (!active || active.syncId !== syncId) return { proceed: false };
    if (seq === active.seq - 1 && !this.isClaimed(active)) {
      await this.resume(active);
      return { proceed: false };
    }
    if (seq !== active.seq || active.stepIndex >= active.steps.length) return { proceed: false };
    const firstClaim = !active.started;
    this.lastClaim = { syncId, seq, at: Date.now() };
    if (firstClaim) {
      this.save({ ...state, active: { ...active, started: true, lastProgressAt: Date.now() } });
      await this.markStarted(syncId);
    }
    return { proceed: true };
  }

  /** The job is `in_progress` from its first pick-up, with its `sync.started` event in the same write. */
  private async markStarted(syncId: string): Promise<void> {
    const connection = await this.connection(this.load().identity!.connectionId);
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
      [this.syncEvent("sync.started", connection, started, jobStarted(syncId, now.getTime()))],
    );
  }

  /** A consumer stored page `seq`: advance to the next page or step, or complete the sync. */
  async pageDone(syncId: string, seq: number, result: { nextCursor?: string }): Promise<void> {
    const state = this.load();
    const current = state.active;
    if (!current || current.syncId !== syncId || current.seq !== seq) return;
    const active: ActiveSync =
      result.nextCursor !== undefined
        ? { ...current, cursor: result.nextCursor, pagesInStep: current.pagesInStep + 1 }
        : { ...current, cursor: undefined, stepIndex: current.stepIndex + 1, pagesInStep: 0 };
    active.seq = current.seq + 1;
    active.lastProgressAt = Date.now();
    active.lastError = undefined;
    active.progress = Math.max(current.progress, progressOf(active.stepIndex, active.pagesInStep, active.steps.length));
    this.save({ ...state, active });
    await this.resume(active);
  }

  /** Records the last error a consumer met, for the failure reason should the sync never recover. */
  noteError(syncId: string, message: string): void {
    const state = this.load();
    if (state.active?.syncId === syncId) this.save({ ...state, active: { ...state.active, lastError: message } });
  }

  /** Fails the active sync (when it is `syncId`), with a reason; the job and its `sync.failed` event in one write. */
  async fail(syncId: string, reason?: string): Promise<boolean> {
    const state = this.load();
    const active = state.active;
    if (!active || active.syncId !== syncId) return false;
    const failureReason = reason ?? active.lastError ?? "The sync failed.";
    this.save({ ...state, active: null });
    const connection = state.identity ? await this.connection(state.identity.connectionId) : undefined;
    const [job] = await this.db.select().from(syncJobs).where(eq(syncJobs.id, syncId)).limit(1);
    if (job && connection) {
      const now = new Date();
      const failed: SyncJobRow = { ...job, status: "failed", failureReason, progress: active.progress, updatedAt: now };
      await commitWithEvents(
        this.env,
        [
          this.db
            .update(syncJobs)
            .set({ status: "failed", failureReason, progress: active.progress, updatedAt: now })
            .where(eq(syncJobs.id, syncId)),
        ],
        [this.syncEvent("sync.failed", connection, failed)],
      );
    }
    await this.scheduleNext();
    return true;
  }

  /** Cancels the active sync if it is `syncId`: it ends `failed` with a reason saying so. */
  cancel(syncId: string): Promise<boolean> {
    return this.fail(syncId, "Cancelled at the application's request.");
  }

  /**
   * The connection changed (status, sync mode, deletion): stop a running sync if it may no
   * longer sync, and (re)compute the automatic schedule.
   */
  async connectionChanged(identity?: SyncIdentity): Promise<void> {
    const since = Date.now();
    if (!this.load().identity && identity) this.save({ ...this.load(), identity });
    const state = this.load();
    if (!state.identity) return;
    const connectionId = state.identity.connectionId;
    const connection = await this.connection(connectionId);
    if (state.active && connection?.status !== "connected") {
      await this.fail(state.active.syncId, `The connection is ${connection?.status ?? "deleted"}; syncing stopped.`);
    } else {
      await this.scheduleNext();
    }
    // Done: the change recorded with the update (sync intent `changed`) is no longer owed.
    if (connection?.syncIntent === "changed")
      await runBatch(controlD1(this.env), [clearChangedIntent(connectionId, since)]);
  }

  /**
   * The connection is being deleted: drop its alarm and every stored value (state, schedule,
   * coverage). The empty state table is recreated so that a late call finds no state and does nothing.
   */
  async purge(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.cachedState = undefined;
    this.armedAt = null;
    this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  }

  /**
   * Reserves the connection's next provider request in a bucket of its provider's pace
   * (provider-pacer.ts): the wait before the request, or, when that is longer than
   * `maxWaitMs`, how long to come back after (nothing reserved). The reservations live in
   * memory: the object is the one place that sees all of the connection's requests, and an
   * eviction (idle, deploy) only forgets slots of the last period, at worst one more period's worth.
   */
  acquireProviderSlot(
    bucket: string,
    pace: { limit: number; periodMs: number },
    maxWaitMs: number,
  ): { waitMs: number } | { retryAfterMs: number } {
    const key = `${bucket}|${pace.limit}|${pace.periodMs}`;
    let window = this.providerSlots.get(key);
    if (!window) {
      window = newWindow(pace.limit, pace.periodMs);
      this.providerSlots.set(key, window);
    }
    return reserveSlot(window, Date.now(), maxWaitMs);
  }

  /** The state, for tests and diagnostics. */
  inspect(): SyncState {
    return this.load();
  }

  /**
   * Watchdog for a reservation cut short and for a stalled sync, and the automatic schedule.
   * While a sync is active it rings at least every RECOVERY_CHECK_MS, so a sync interrupted by
   * a restart (its message lost, nothing in memory of its pick-up) resumes within a minute.
   */
  override async alarm(): Promise<void> {
    // The alarm that rang is no longer set.
    this.armedAt = null;
    const state = this.load();
    const now = Date.now();
    if (state.active?.reserved) {
      if (this.orphaned(state.active)) await this.settleReservation(state.active, { requestOwed: true });
    } else if (state.active) {
      if (this.stalled(state.active, now)) {
        this.lastClaim = undefined;
        this.lastSent = undefined;
        this.save({ ...state, active: { ...state.active, lastProgressAt: now } });
        await this.resume(this.load().active!);
      }
    } else if (state.identity && state.nextScheduledAt !== null && now >= state.nextScheduledAt) {
      // Still owed until a sync starts (which clears it): a request cut short is asked again later.
      this.save({ ...state, nextScheduledAt: now + SCHEDULE_RETRY_MS });
      const connection = await this.connection(state.identity.connectionId);
      if (connection?.status === "connected" && connection.syncMode === "automatic") {
        await this.requestSync({ identity: state.identity, providerRequests: [] });
      } else {
        this.save({ ...this.load(), nextScheduledAt: null });
      }
    }
    await this.armAlarm();
  }

  /**
   * A reservation older than RESERVATION_TIMEOUT_MS: the request that made it was cut short.
   * If its job was written, the sync starts as requested; if not, the reservation is dropped:
   * never completed, covering no history. A first sync still owed is then requested anew (unless
   * a request is about to start one, which carries it).
   */
  private async settleReservation(active: ActiveSync, options: { requestOwed: boolean }): Promise<void> {
    const identity = this.load().identity!;
    const connection = await this.connection(identity.connectionId);
    const [job] = await this.db
      .select()
      .from(syncJobs)
      .where(and(eq(syncJobs.id, active.syncId), eq(syncJobs.connectionId, identity.connectionId)))
      .limit(1);
    // Settled meanwhile by another call (the reads above are awaits): nothing left to do.
    if (!this.load().active?.reserved || this.load().active?.syncId !== active.syncId) return;
    const adapter = connection && findProvider(connection.provider);
    if (job?.status === "requested" && connection?.status === "connected" && adapter) {
      await this.begin(adapter, job, Date.now());
      return;
    }
    if (job?.status === "requested") {
      await this.fail(active.syncId, `The connection is ${connection?.status ?? "deleted"}; syncing stopped.`);
      return;
    }
    this.release(active.syncId);
    console.error(
      JSON.stringify({ level: "warn", message: "sync reservation without a job dropped", syncId: active.syncId }),
    );
    if (options.requestOwed && connection?.status === "connected" && connection.syncIntent === "initial") {
      await this.requestSync({ identity, providerRequests: [] });
    }
  }

  /** Whether a reservation's request is no longer running: not in this instance (a restart), or for too long. */
  private orphaned(active: ActiveSync): boolean {
    return !this.requesting.has(active.syncId) || Date.now() - active.lastProgressAt >= RESERVATION_TIMEOUT_MS;
  }

  /**
   * Whether the active sync needs its current message sent again. A message this instance sent
   * and that waits in the queue, or one being worked on, has the stall period: a long queue must
   * not be lengthened with copies. A message this instance knows nothing of (sent before a
   * restart, which may have lost it) is sent again once RECOVERY_CHECK_MS pass without progress.
   */
  private stalled(active: ActiveSync, now: number): boolean {
    const sentHere = this.lastSent?.syncId === active.syncId && this.lastSent.seq === active.seq;
    if (!this.isClaimed(active) && !sentHere) return now - active.lastProgressAt >= RECOVERY_CHECK_MS;
    return now - this.lastSignOfLife(active) >= syncStallMs(this.env);
  }

  /** Queues the active sync's current message, and remembers having sent it. */
  private async send(active: ActiveSync): Promise<void> {
    await this.env.SYNC_QUEUE.send(this.message(active));
    this.lastSent = { syncId: active.syncId, seq: active.seq };
  }

  /** Does what the current state calls for next: complete the sync, or (re)send its current message. */
  private async resume(active: ActiveSync): Promise<void> {
    if (active.stepIndex >= active.steps.length) {
      await this.complete(active);
      return;
    }
    // Progress is a whole percentage: most pages leave it as it was, and need no write.
    if (this.writtenProgress?.syncId !== active.syncId || this.writtenProgress.progress !== active.progress) {
      await this.db
        .update(syncJobs)
        .set({ progress: active.progress, updatedAt: new Date() })
        .where(and(eq(syncJobs.id, active.syncId), eq(syncJobs.status, "in_progress")));
      this.writtenProgress = { syncId: active.syncId, progress: active.progress };
    }
    await this.send(active);
    await this.armAlarm();
  }

  /**
   * Completes the sync: the job, the issues it no longer saw, and the events (`sync.completed`,
   * `issue.resolved`, and `connection.first_sync_completed` after the first one) in one write.
   */
  private async complete(active: ActiveSync): Promise<void> {
    const now = Date.now();
    const connectionId = this.load().identity!.connectionId;
    const connection = await this.connection(connectionId);
    const [[job], resolving] = await Promise.all([
      this.db.select().from(syncJobs).where(eq(syncJobs.id, active.syncId)).limit(1),
      queryBatch<[IssueRow]>(connectionD1(this.env, { id: connectionId }), [
        unreportedIssues(connectionId, active.syncId),
      ]).then(([rows]) => rows),
    ]);
    const events: EventWrite[] = [];
    if (connection && job && job.status !== "completed") {
      const completed: SyncJobRow = {
        ...job,
        status: "completed",
        progress: 100,
        completedAt: new Date(now),
        updatedAt: new Date(now),
      };
      const applied = sql`EXISTS (SELECT 1 FROM sync_jobs WHERE id = ${job.id} AND status = 'completed' AND completed_at = ${now})`;
      events.push(this.syncEvent("sync.completed", connection, completed, applied));
      events.push(
        eventWrite(
          tenantOf(connection),
          {
            type: "connection.first_sync_completed",
            detail: await connectionEventDetail(this.env, connection),
            connectionId,
          },
          {
            when: sql`${applied} AND NOT EXISTS (SELECT 1 FROM sync_jobs
              WHERE connection_id = ${connectionId} AND status = 'completed' AND id != ${job.id})`,
          },
        ),
      );
      for (const row of resolving) {
        events.push(
          eventWrite(
            tenantOf(connection),
            {
              type: "issue.resolved",
              detail: { connection: connectionRef(connection), issue: issueDetail(row, "resolved", now) },
              connectionId,
            },
            { when: applied },
          ),
        );
      }
    }
    await commitWithEvents(
      this.env,
      [
        sql`UPDATE sync_jobs SET status = 'completed', progress = 100, completed_at = ${now}, updated_at = ${now}
          WHERE id = ${active.syncId} AND status != 'completed'`,
        resolveUnreportedIssues(connectionId, active.syncId, now),
      ],
      events,
    );
    const state = this.load();
    if (state.active?.syncId === active.syncId) this.save({ ...state, active: null, coverageEnd: active.windowEnd });
    await this.scheduleNext();
  }

  /** A sync event with `{ connection, sync }` as detail, for the write that changes the job. */
  private syncEvent(type: WebhookEventType, connection: ConnectionRow, job: SyncJobRow, when?: SQL): EventWrite {
    return eventWrite(
      tenantOf(connection),
      { type, detail: syncEventDetail(connection, job), connectionId: connection.id },
      when ? { when } : {},
    );
  }

  /** Schedules the next automatic sync, or clears the schedule for a manual or inactive connection. */
  private async scheduleNext(): Promise<void> {
    const identity = this.load().identity;
    const connection = identity && (await this.connection(identity.connectionId));
    const automatic = connection?.status === "connected" && connection.syncMode === "automatic";
    const state = this.load();
    const nextScheduledAt = automatic ? (state.nextScheduledAt ?? Date.now() + syncIntervalMs(this.env)) : null;
    this.save({ ...state, nextScheduledAt });
    await this.armAlarm();
  }

  /** One alarm serves both purposes: the earlier of the watchdog and the schedule. */
  private async armAlarm(): Promise<void> {
    const state = this.load();
    const next = state.active ? this.watchdogAt(state.active) : (state.nextScheduledAt ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(next)) {
      if (this.armedAt !== null) await this.ctx.storage.deleteAlarm();
      this.armedAt = null;
      return;
    }
    this.armedAt ??= await this.ctx.storage.getAlarm();
    // An alarm that rings before it is needed only re-arms itself (alarm()), so the watchdog,
    // which every page would move later, is set again only when it must ring sooner.
    if (this.armedAt === null || this.armedAt > next) {
      await this.ctx.storage.setAlarm(next);
      this.armedAt = next;
    }
  }

  /**
   * Makes the alarm ring by `at` at the latest. Called without an await before it, so the alarm
   * is written together with the state saved just before (a Durable Object commits the writes
   * made between two awaits at once); an alarm that rings early only re-arms itself.
   */
  private armBy(at: number): Promise<void> {
    if (this.armedAt !== undefined && this.armedAt !== null && this.armedAt <= at) return Promise.resolve();
    this.armedAt = at;
    return this.ctx.storage.setAlarm(at);
  }

  /** When the watchdog must look at the active sync next. */
  private watchdogAt(active: ActiveSync): number {
    if (active.reserved) return active.lastProgressAt + RESERVATION_TIMEOUT_MS;
    return Math.min(this.lastSignOfLife(active) + syncStallMs(this.env), Date.now() + RECOVERY_CHECK_MS);
  }

  /** Whether a consumer has picked up the current message (if not, it may have been lost and can be sent again). */
  private isClaimed(active: ActiveSync): boolean {
    return this.lastClaim?.syncId === active.syncId && this.lastClaim.seq === active.seq;
  }

  /** The last progress or pick-up of the active sync: a page being worked on (or retried) is no stall. */
  private lastSignOfLife(active: ActiveSync): number {
    const claimedAt = this.lastClaim?.syncId === active.syncId ? this.lastClaim.at : 0;
    return Math.max(active.lastProgressAt, claimedAt);
  }

  private message(active: ActiveSync): SyncMessage {
    const step = active.steps[active.stepIndex];
    if (!step) throw new Error(`sync ${active.syncId} has no step ${active.stepIndex}`);
    return {
      type: "sync.page",
      connectionId: this.load().identity!.connectionId,
      syncId: active.syncId,
      seq: active.seq,
      step,
      ...(active.cursor === undefined ? {} : { cursor: active.cursor }),
    };
  }

  private release(syncId: string): void {
    const state = this.load();
    if (state.active?.syncId === syncId) this.save({ ...state, active: null });
  }

  private async connection(connectionId: string): Promise<ConnectionRow | undefined> {
    const [row] = await this.db.select().from(connections).where(eq(connections.id, connectionId)).limit(1);
    return row;
  }

  private load(): SyncState {
    if (!this.cachedState) {
      const row = this.ctx.storage.sql
        .exec<{ value: string }>("SELECT value FROM sync_state WHERE key = 'state'")
        .toArray()[0];
      this.cachedState = deepFreeze(row ? (JSON.parse(row.value) as SyncState) : { ...EMPTY_STATE });
    }
    return this.cachedState;
  }

  private save(state: SyncState): void {
    this.ctx.storage.sql.exec(
      "INSERT INTO sync_state (key, value) VALUES ('state', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      JSON.stringify(state),
    );
    this.cachedState = deepFreeze(state);
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
