import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { syncStallMs } from "../config";
import type { Database } from "../db/client";
import { controlD1, controlDatabase } from "../db/databases";
import { runBatch } from "../db/raw";
import { type ConnectionRow, connections } from "../db/schema";
import type { Env } from "../env";
import { AlarmClock } from "./alarm-clock";
import { DeferredWork } from "./deferred-work";
import { CANCELLED_REASON, SyncJobRows, stoppedReason } from "./job-rows";
import type { SyncMessage } from "./messages";
import { ConnectionMoves } from "./moves";
import { clearChangedIntent } from "./owed-sync";
import { type LateSlot, ProviderSlots } from "./provider-slots";
import { type LiveSnapshot, type RefreshFailure, SnapshotLease, type SnapshotTurn } from "./snapshot-lease";
import { afterPage, type SyncIdentity, type SyncState } from "./state";
import { SyncStateStore } from "./state-store";
import { SyncRunner } from "./sync-runner";
import { type RequestSyncInput, type RequestSyncResult, SyncStarter } from "./sync-starter";
import * as watchdog from "./watchdog";

export type { RequestSyncInput, RequestSyncResult } from "./sync-starter";

/**
 * One per connection (addressed by idFromName(connectionId)): the single place where sync
 * decisions are made — start, page done, failure, cancel, schedule — so there is never more
 * than one active sync per connection. Queue consumers do the I/O and report back; every
 * read-check-write on the state happens synchronously on the object's SQLite storage before
 * any await, because other calls interleave at awaits.
 */
export class ConnectionSync extends DurableObject<Env> {
  private readonly db: Database;
  /** The shard of the connection's data, as last read from its row (a move's switch forgets it). */
  private shard: { connectionId: string; name: string } | undefined;
  private readonly store: SyncStateStore;
  private readonly jobs: SyncJobRows;
  private readonly alarmClock: AlarmClock;
  private readonly runner: SyncRunner;
  private readonly starter: SyncStarter;
  private readonly moves: ConnectionMoves;
  /** Provider request reservations by bucket and pace; in memory (see acquireProviderSlot). */
  private readonly providerSlots = new ProviderSlots();
  /** The messages of the active sync this instance queued and saw picked up. */
  private readonly messages: watchdog.MessageMemory = { lastClaim: undefined, lastSent: undefined };
  private readonly deferred = new DeferredWork();
  /** The one refresh of each live snapshot that requests share. */
  private readonly snapshotLeases: Record<LiveSnapshot, SnapshotLease> = {
    latestLocations: new SnapshotLease(),
    latestTrailerLocations: new SnapshotLease(),
    hosClocks: new SnapshotLease(),
  };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = controlDatabase(env);
    this.store = new SyncStateStore(ctx.storage);
    this.jobs = new SyncJobRows(
      env,
      (connectionId) => this.shardOf(connectionId),
      (work) => this.deferred.add(work),
    );
    this.alarmClock = new AlarmClock(ctx.storage);
    const shared = {
      store: this.store,
      jobs: this.jobs,
      alarmClock: this.alarmClock,
      connection: (connectionId: string) => this.connection(connectionId),
    };
    this.runner = new SyncRunner({ ...shared, env, messages: this.messages });
    this.moves = new ConnectionMoves({
      ...shared,
      env,
      runner: this.runner,
      moved: (connectionId, shard) => {
        this.shard = { connectionId, name: shard };
      },
    });
    this.starter = new SyncStarter({
      ...shared,
      defer: (work) => this.deferred.add(work),
      runner: this.runner,
      moves: this.moves,
      fail: (syncId, reason) => this.fail(syncId, reason),
    });
  }

  /**
   * Starts a sync unless one is active. Creates (or, for a retry, reopens) the sync job row,
   * with its `sync.requested` event in the same write. A first sync still owed to the
   * connection (created, never synced) is carried by whichever sync starts first.
   */
  async requestSync(input: RequestSyncInput): Promise<RequestSyncResult> {
    const result = await this.starter.request(input);
    await this.moves.syncEnded();
    return result;
  }

  /**
   * A move of the connection's data to another shard was requested (recorded `waiting` by
   * src/domain/shards/moves/request.ts): its copy starts now, or when the running sync ends.
   */
  beginMove(move: { moveId: string; source: string; target: string }, identity: SyncIdentity) {
    return this.moves.begin(move, identity);
  }

  /** The move's worker switched the connection to the target: syncs run there from now. */
  moveSwitched(moveId: string): Promise<void> {
    return this.moves.switched(moveId);
  }

  /** A request for a live snapshot asks whether it is fresh, or refreshes it, or waits (snapshot-lease.ts). */
  snapshotTurn(snapshot: LiveSnapshot, maxAgeMs: number, leaseMs: number, maxWaitMs: number): Promise<SnapshotTurn> {
    return this.snapshotLeases[snapshot].ask(maxAgeMs, leaseMs, maxWaitMs);
  }

  /** The holder of a refresh lease reports its end. */
  snapshotRefreshed(snapshot: LiveSnapshot, leaseId: string, startedAt: number, failure: RefreshFailure | null): void {
    this.snapshotLeases[snapshot].report(leaseId, startedAt, failure);
  }

  /**
   * A consumer asks whether to process message (syncId, seq). Only the current message
   * proceeds; a stale or duplicate one is dropped. If the previous message is asked for and
   * the current one was never picked up, the current one is (re)sent: its first send may
   * have been lost with a failed call.
   */
  async claim(syncId: string, seq: number): Promise<{ proceed: boolean }> {
    const state = this.store.load();
    const active = state.active;
    if (!active || active.syncId !== syncId) return { proceed: false };
    if (seq === active.seq - 1 && !watchdog.isClaimed(active, this.messages)) {
      await this.runner.resume(active);
      return { proceed: false };
    }
    if (seq !== active.seq || active.stepIndex >= active.steps.length) return { proceed: false };
    const firstClaim = !active.started;
    this.messages.lastClaim = { syncId, seq, at: Date.now() };
    if (firstClaim) {
      this.store.save({ ...state, active: { ...active, started: true, lastProgressAt: Date.now() } });
      const connection = await this.connection(this.store.load().identity!.connectionId);
      await this.jobs.markStarted(connection, syncId);
    }
    return { proceed: true };
  }

  /**
   * A consumer stored page `seq`: advance to the next page or step, or complete the sync. A
   * consumer that may carry on (`carryOn`) is handed the next page's message, claimed in its
   * name, instead of the object queueing it; otherwise the next message is queued.
   */
  async pageDone(
    syncId: string,
    seq: number,
    result: { nextCursor?: string },
    carryOn = false,
  ): Promise<{ next?: SyncMessage }> {
    const state = this.store.load();
    const current = state.active;
    if (!current || current.syncId !== syncId || current.seq !== seq) return {};
    const active = afterPage(current, result.nextCursor, Date.now());
    this.store.save({ ...state, active });
    if (carryOn && active.stepIndex < active.steps.length) return { next: await this.runner.handOver(active) };
    await this.runner.resume(active);
    await this.moves.syncEnded();
    return {};
  }

  /** Records the last error a consumer met, for the failure reason should the sync never recover. */
  noteError(syncId: string, message: string): void {
    const state = this.store.load();
    if (state.active?.syncId === syncId) this.store.save({ ...state, active: { ...state.active, lastError: message } });
  }

  /** Fails the active sync (when it is `syncId`), with a reason; the job and its `sync.failed` event in one write. */
  async fail(syncId: string, reason?: string): Promise<boolean> {
    const state = this.store.load();
    const active = state.active;
    if (!active || active.syncId !== syncId) return false;
    const failureReason = reason ?? active.lastError ?? "The sync failed.";
    this.store.save({ ...state, active: null });
    const connection = state.identity ? await this.connection(state.identity.connectionId) : undefined;
    await this.jobs.markFailed(connection, syncId, failureReason, active.progress);
    await this.runner.scheduleNext();
    await this.moves.syncEnded();
    return true;
  }

  /** Cancels the active sync if it is `syncId` (or the sync waiting for a move): it ends `failed` with a reason saying so. */
  async cancel(syncId: string): Promise<boolean> {
    if (await this.fail(syncId, CANCELLED_REASON)) return true;
    return this.moves.cancelDeferred(syncId);
  }

  /**
   * The connection changed (status, sync mode, deletion): stop a running sync if it may no
   * longer sync, and (re)compute the automatic schedule.
   */
  async connectionChanged(identity?: SyncIdentity): Promise<void> {
    const since = Date.now();
    if (!this.store.load().identity && identity) this.store.save({ ...this.store.load(), identity });
    const state = this.store.load();
    if (!state.identity) return;
    const connectionId = state.identity.connectionId;
    const connection = await this.connection(connectionId);
    if (state.active && connection?.status !== "connected") {
      await this.fail(state.active.syncId, stoppedReason(connection));
    } else {
      await this.runner.scheduleNext();
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
    this.store.wiped();
    this.alarmClock.markNoneSet();
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
    previous?: LateSlot,
  ): { waitMs: number; slotAt: number } | { retryAfterMs: number } {
    return this.providerSlots.reserve(bucket, pace, maxWaitMs, Date.now(), previous);
  }

  /** Settles once the work deferred so far is done: for tests that follow a call to its end. */
  idle(): Promise<void> {
    return this.deferred.idle();
  }

  /** The state, for tests and diagnostics. */
  inspect(): SyncState {
    return this.store.load();
  }

  /**
   * Watchdog for a reservation cut short and for a stalled sync, and the automatic schedule.
   * While a sync is active it rings at least every RECOVERY_CHECK_MS, so a sync interrupted by
   * a restart (its message lost, nothing in memory of its pick-up) resumes within a minute.
   */
  override async alarm(): Promise<void> {
    // The alarm that rang is no longer set.
    this.alarmClock.markNoneSet();
    const state = this.store.load();
    const now = Date.now();
    if (state.active?.reserved) {
      if (this.starter.orphaned(state.active, now)) await this.starter.settle(state.active, { requestOwed: true });
    } else if (state.active) {
      if (watchdog.stalled(state.active, this.messages, now, syncStallMs(this.env))) {
        this.messages.lastClaim = undefined;
        this.messages.lastSent = undefined;
        this.store.save({ ...state, active: { ...state.active, lastProgressAt: now } });
        await this.runner.resume(this.store.load().active!);
      }
    } else if (state.identity && state.nextScheduledAt !== null && now >= state.nextScheduledAt) {
      // Still owed until a sync starts (which clears it): a request cut short is asked again later.
      this.store.save({ ...state, nextScheduledAt: now + watchdog.SCHEDULE_RETRY_MS });
      const connection = await this.connection(state.identity.connectionId);
      if (connection?.status === "connected" && connection.syncMode === "automatic") {
        await this.requestSync({ identity: state.identity, providerRequests: [] });
      } else {
        this.store.save({ ...this.store.load(), nextScheduledAt: null });
      }
    }
    await this.runner.armAlarm();
    await this.moves.syncEnded();
  }

  private async connection(connectionId: string): Promise<ConnectionRow | undefined> {
    const [row] = await this.db.select().from(connections).where(eq(connections.id, connectionId)).limit(1);
    if (row) this.shard = { connectionId, name: row.shard };
    return row;
  }

  /** The shard holding the connection's data: remembered from the last read of its row. */
  private async shardOf(connectionId: string): Promise<string> {
    if (this.shard?.connectionId === connectionId) return this.shard.name;
    const row = await this.connection(connectionId);
    if (!row) throw new Error(`No connection ${connectionId}: its data has no shard.`);
    return row.shard;
  }
}
