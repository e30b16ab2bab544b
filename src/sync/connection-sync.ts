import { DurableObject } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { createDatabase, type Database } from "../db/client";
import { queryBatch, runBatch } from "../db/raw";
import {
  type ConnectionRow,
  connections,
  type IssueRow,
  type ProviderRequest,
  type SyncJobRow,
  syncJobs,
} from "../db/schema";
import { syncIntervalMs, syncStallMs } from "../domain/config";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import { findProvider } from "../providers/registry";
import { newWindow, reserveSlot, type SlidingWindow } from "../rate-limit/sliding-window";
import { connectionEventDetail, syncEventDetail } from "../webhooks/details";
import { emitEvent, type WebhookEventType } from "../webhooks/emit";
import type { SyncMessage } from "./messages";
import { incrementalStart, planSteps, progressOf } from "./plan";
import { type ActiveSync, EMPTY_STATE, type SyncIdentity, type SyncState } from "./state";
import { issueDetail, resolveUnreportedIssues, unreportedIssues } from "./write/issues";
import { connectionRef, tenantOf } from "./write/record-events";

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

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = createDatabase(env.DB);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  }

  /** Starts a sync unless one is active. Creates (or, for a retry, reopens) the sync job row. */
  async requestSync(input: RequestSyncInput): Promise<RequestSyncResult> {
    const state = this.load();
    if (state.active) return { status: "conflict", syncId: state.active.syncId };
    const syncId = input.retryOf ?? newId("syncJob");
    const now = Date.now();
    // Reserve the slot before the first await, so a concurrent request sees the conflict.
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
    };
    this.save({ ...state, identity: input.identity, active: reserved });
    try {
      const connection = await this.connection(input.identity.connectionId);
      const adapter = connection && findProvider(connection.provider);
      if (connection?.status !== "connected" || !adapter) {
        this.release(syncId);
        return { status: "not_connected" };
      }
      let startFrom = input.startFrom ?? incrementalStart(state.coverageEnd, now);
      let providerRequests = input.providerRequests;
      let job: SyncJobRow | undefined;
      if (input.retryOf) {
        const [reopened] = await this.db
          .update(syncJobs)
          .set({
            status: "requested",
            attempts: sql`${syncJobs.attempts} + 1`,
            failureReason: null,
            progress: 0,
            requestedAt: new Date(now),
            startedAt: null,
            completedAt: null,
            updatedAt: new Date(now),
          })
          .where(and(eq(syncJobs.id, syncId), eq(syncJobs.connectionId, connection.id), eq(syncJobs.status, "failed")))
          .returning();
        if (!reopened) {
          this.release(syncId);
          return { status: "not_retryable" };
        }
        startFrom = reopened.startFrom?.getTime() ?? now;
        providerRequests = reopened.providerRequests;
        job = reopened;
      } else {
        [job] = await this.db
          .insert(syncJobs)
          .values({
            id: syncId,
            connectionId: connection.id,
            applicationId: connection.applicationId,
            environment: connection.environment,
            status: "requested",
            requestedAt: new Date(now),
            progress: 0,
            startFrom: new Date(startFrom),
            attempts: 1,
            providerRequests,
            updatedAt: new Date(now),
          })
          .returning();
      }
      if (!job) throw new Error(`sync job ${syncId} was not written`);
      if (this.load().active?.syncId !== syncId) {
        // Cancelled while the job was being written: leave it failed rather than requested forever.
        const [cancelled] = await this.db
          .update(syncJobs)
          .set({ status: "failed", failureReason: "Cancelled at the application's request.", updatedAt: new Date() })
          .where(eq(syncJobs.id, syncId))
          .returning();
        return { status: "started", syncId, job: cancelled ?? job };
      }
      const steps = planSteps(adapter, startFrom, now);
      const active: ActiveSync = {
        ...reserved,
        steps,
        windowEnd: Math.max(now, ...steps.map((step) => step.window?.end ?? 0)),
      };
      this.save({ ...this.load(), active, nextScheduledAt: null });
      await this.env.SYNC_QUEUE.send(this.message(active));
      await this.armAlarm();
      await this.emitSyncEvent("sync.requested", syncId);
      return { status: "started", syncId, job };
    } catch (error) {
      this.release(syncId);
      throw error;
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
      const started = await this.db
        .update(syncJobs)
        .set({ status: "in_progress", startedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(syncJobs.id, syncId), eq(syncJobs.status, "requested")))
        .returning({ id: syncJobs.id });
      if (started.length > 0) await this.emitSyncEvent("sync.started", syncId);
    }
    return { proceed: true };
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

  /** Fails the active sync (when it is `syncId`), with a reason. */
  async fail(syncId: string, reason?: string): Promise<boolean> {
    const state = this.load();
    const active = state.active;
    if (!active || active.syncId !== syncId) return false;
    const failureReason = reason ?? active.lastError ?? "The sync failed.";
    this.save({ ...state, active: null });
    await this.db
      .update(syncJobs)
      .set({ status: "failed", failureReason, progress: active.progress, updatedAt: new Date() })
      .where(eq(syncJobs.id, syncId));
    await this.scheduleNext();
    await this.emitSyncEvent("sync.failed", syncId);
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
  async connectionChanged(): Promise<void> {
    const state = this.load();
    if (!state.identity) return;
    const connection = await this.connection(state.identity.connectionId);
    if (state.active && connection?.status !== "connected") {
      await this.fail(state.active.syncId, `The connection is ${connection?.status ?? "deleted"}; syncing stopped.`);
      return;
    }
    await this.scheduleNext();
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

  /** Watchdog for a stalled sync, and the automatic schedule. */
  override async alarm(): Promise<void> {
    // The alarm that rang is no longer set.
    this.armedAt = null;
    const state = this.load();
    const now = Date.now();
    if (state.active && now - this.lastSignOfLife(state.active) >= syncStallMs(this.env)) {
      this.lastClaim = undefined;
      this.save({ ...state, active: { ...state.active, lastProgressAt: now } });
      await this.resume(this.load().active!);
    } else if (!state.active && state.identity && state.nextScheduledAt !== null && now >= state.nextScheduledAt) {
      this.save({ ...state, nextScheduledAt: null });
      const connection = await this.connection(state.identity.connectionId);
      if (connection?.status === "connected" && connection.syncMode === "automatic") {
        await this.requestSync({ identity: state.identity, providerRequests: [] });
      }
    }
    await this.armAlarm();
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
    await this.env.SYNC_QUEUE.send(this.message(active));
    await this.armAlarm();
  }

  private async complete(active: ActiveSync): Promise<void> {
    const now = Date.now();
    const connectionId = this.load().identity!.connectionId;
    const [resolving] = await queryBatch<[IssueRow]>(this.env.DB, [unreportedIssues(connectionId, active.syncId)]);
    await runBatch(this.env.DB, [
      sql`UPDATE sync_jobs SET status = 'completed', progress = 100, completed_at = ${now}, updated_at = ${now}
        WHERE id = ${active.syncId}`,
      resolveUnreportedIssues(connectionId, active.syncId, now),
    ]);
    const state = this.load();
    const completedNow = state.active?.syncId === active.syncId;
    if (completedNow) this.save({ ...state, active: null, coverageEnd: active.windowEnd });
    await this.scheduleNext();
    if (completedNow) {
      await this.emitSyncEvent("sync.completed", active.syncId);
      await this.emitIssueEvents("issue.resolved", resolving, now);
    }
  }

  /** `issue.resolved` (or reported) for each issue, with `{ connection, issue }` as detail. */
  private async emitIssueEvents(type: "issue.resolved", rows: readonly IssueRow[], now: number): Promise<void> {
    const identity = this.load().identity;
    const connection = identity && rows.length ? await this.connection(identity.connectionId) : undefined;
    if (!connection) return;
    for (const row of rows) {
      await emitEvent({ db: this.db, env: this.env }, tenantOf(connection), {
        type,
        detail: { connection: connectionRef(connection), issue: issueDetail(row, "resolved", now) },
        connectionId: connection.id,
      });
    }
  }

  /**
   * Emits a sync event with `{ connection, sync }` as detail; after the first completed sync
   * of the connection, also `connection.first_sync_completed`.
   */
  private async emitSyncEvent(type: WebhookEventType, syncId: string): Promise<void> {
    try {
      const identity = this.load().identity;
      if (!identity) return;
      const connection = await this.connection(identity.connectionId);
      const [job] = await this.db.select().from(syncJobs).where(eq(syncJobs.id, syncId)).limit(1);
      if (!connection || !job) return;
      const context = { db: this.db, env: this.env };
      const tenant = { applicationId: connection.applicationId, environment: connection.environment };
      await emitEvent(context, tenant, { type, detail: syncEventDetail(connection, job), connectionId: connection.id });
      if (type !== "sync.completed") return;
      const completed = await this.db
        .select({ id: syncJobs.id })
        .from(syncJobs)
        .where(and(eq(syncJobs.connectionId, connection.id), eq(syncJobs.status, "completed")))
        .limit(2);
      if (completed.length === 1) {
        await emitEvent(context, tenant, {
          type: "connection.first_sync_completed",
          detail: await connectionEventDetail(this.env, connection),
          connectionId: connection.id,
        });
      }
    } catch (error) {
      console.error(`webhook event ${type} of sync ${syncId} not emitted`, error);
    }
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
    const watchdog = state.active
      ? this.lastSignOfLife(state.active) + syncStallMs(this.env)
      : Number.POSITIVE_INFINITY;
    const scheduled = state.active ? Number.POSITIVE_INFINITY : (state.nextScheduledAt ?? Number.POSITIVE_INFINITY);
    const next = Math.min(watchdog, scheduled);
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
