import { sql } from "drizzle-orm";
import { controlD1 } from "../db/databases";
import { runBatch } from "../db/raw";
import type { ConnectionRow, SyncJobRow } from "../db/schema";
import type { Env } from "../env";
import { newId } from "../lib/ids";
import { findProvider } from "../providers/registry";
import { CANCELLED_REASON, type SyncJobRows, stoppedReason } from "./job-rows";
import type { MoveMessage } from "./messages";
import { incrementalStart } from "./plan";
import { jobRow, type MoveState, reservation, type SyncIdentity, storedJob } from "./state";
import type { SyncStateStore } from "./state-store";
import type { SyncRunner } from "./sync-runner";
import type { RequestSyncInput, RequestSyncResult } from "./sync-starter";

export type ConnectionMovesParts = {
  env: Env;
  store: SyncStateStore;
  jobs: SyncJobRows;
  runner: SyncRunner;
  connection: (connectionId: string) => Promise<ConnectionRow | undefined>;
  /** The connection's data is on `shard` from now (the object's remembered shard). */
  moved: (connectionId: string, shard: string) => void;
};

/**
 * The connection's sync object's side of a move between shards (the copy itself is the queue
 * worker's, src/domain/shards/moves/). The object is where syncs are decided, so it is where a
 * move and the syncs are kept apart: a move waits for the running sync to end before its copy
 * starts, and a sync requested during the copy waits for the switch. Nothing writes the
 * connection's data on the source while it is copied, so the copy is exact.
 */
export class ConnectionMoves {
  constructor(private readonly parts: ConnectionMovesParts) {}

  /** The move under way, if any. */
  current(): MoveState | null {
    return this.parts.store.load().move ?? null;
  }

  /**
   * A move was requested (and recorded `waiting`): the object takes it, and its copy starts now,
   * or when the running sync ends. `busy`: another move is under way.
   */
  async begin(move: Omit<MoveState, "copying">, identity: SyncIdentity) {
    const { store } = this.parts;
    const state = store.load();
    if (state.move && state.move.moveId !== move.moveId) return "busy";
    // Told again (the recovery sweep repeats a move that made no progress): the start is repeated,
    // each of its steps being idempotent.
    if (!state.move) store.save({ ...state, identity: state.identity ?? identity, move: { ...move, copying: false } });
    if (!store.load().active) await this.startCopy();
    return "accepted";
  }

  /** The running sync ended (completed, failed, dropped): a move waiting for it starts its copy. */
  async syncEnded(): Promise<void> {
    const state = this.parts.store.load();
    if (state.move && !state.move.copying && !state.active) await this.startCopy();
  }

  /** Marks the move `copying` and queues its first unit of work (a lost send is re-sent by the recovery sweep). */
  async startCopy(): Promise<void> {
    const { store, env } = this.parts;
    const state = store.load();
    if (!state.move || !state.identity) return;
    store.save({ ...state, move: { ...state.move, copying: true } });
    const now = Date.now();
    await runBatch(controlD1(env), [
      sql`UPDATE connection_moves SET status = 'copying', started_at = ${now}, updated_at = ${now}
        WHERE id = ${state.move.moveId} AND status = 'waiting'`,
    ]);
    const message: MoveMessage = {
      type: "shard.move",
      moveId: state.move.moveId,
      connectionId: state.identity.connectionId,
    };
    await env.SYNC_QUEUE.send(message);
  }

  /**
   * A sync requested during the copy: its job is written on the source now (readers read there
   * until the switch), and it begins on the target after the switch. One at a time, as syncs are.
   */
  async defer(input: RequestSyncInput): Promise<RequestSyncResult> {
    const { store, jobs } = this.parts;
    const state = store.load();
    if (state.deferred) return { status: "conflict", syncId: state.deferred.syncId };
    const syncId = input.retryOf ?? newId("syncJob");
    // Taken before the first await, so that a concurrent request sees the conflict.
    store.save({ ...state, identity: state.identity ?? input.identity, deferred: { syncId } });
    const release = () => {
      if (store.load().deferred?.syncId === syncId) store.save({ ...store.load(), deferred: null });
    };
    try {
      const connection = await this.parts.connection(input.identity.connectionId);
      if (connection?.status !== "connected" || !findProvider(connection.provider)) {
        release();
        return { status: "not_connected" };
      }
      const now = Date.now();
      const requestedStart = input.startFrom ?? incrementalStart(state.coverageEnd, now);
      const job = input.retryOf
        ? await jobs.reopen(connection, syncId, now)
        : await jobs.insert(connection, syncId, requestedStart, input.providerRequests, now);
      if (!job) {
        release();
        return { status: "not_retryable" };
      }
      store.save({ ...store.load(), deferred: { syncId, job: storedJob(job) } });
      return { status: "started", syncId, job };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Cancels the deferred sync `syncId` (it never began): failed on the source now, and on the target at the switch. */
  async cancelDeferred(syncId: string): Promise<boolean> {
    const { store, jobs } = this.parts;
    const deferred = store.load().deferred;
    if (deferred?.syncId !== syncId || !deferred.job || deferred.job.status !== "requested") return false;
    const cancelled: SyncJobRow = {
      ...jobRow(deferred.job),
      status: "failed",
      failureReason: CANCELLED_REASON,
      updatedAt: new Date(),
    };
    store.save({ ...store.load(), deferred: { syncId, job: storedJob(cancelled) } });
    const connection = await this.parts.connection(deferred.job.connectionId);
    await jobs.markFailed(connection, syncId, CANCELLED_REASON, 0);
    return true;
  }

  /**
   * The queue worker switched the connection to the target (idempotent: the worker says so
   * until its clean-up is done). The object reads from the target from now, and the deferred
   * sync's job is written there as it stands and begins.
   */
  async switched(moveId: string): Promise<void> {
    const { store, jobs } = this.parts;
    const state = store.load();
    if (state.move?.moveId !== moveId || !state.identity) return;
    const { connectionId } = state.identity;
    this.parts.moved(connectionId, state.move.target);
    const deferred = state.deferred;
    store.save({ ...state, move: null, deferred: null });
    if (!deferred?.job) {
      await this.parts.runner.scheduleNext();
      return;
    }
    const job = jobRow(deferred.job);
    await jobs.writeOn(state.move.target, job);
    if (job.status !== "requested") {
      await this.parts.runner.scheduleNext();
      return;
    }
    const connection = await this.parts.connection(connectionId);
    const adapter = connection && findProvider(connection.provider);
    if (store.load().active) return;
    store.save({ ...store.load(), active: reservation(job.id, Date.now()) });
    if (connection?.status === "connected" && adapter) {
      await this.parts.runner.begin(adapter, job, Date.now());
      await jobs.clearOwedIntent(connection, job);
    } else {
      store.save({ ...store.load(), active: null });
      await jobs.markFailed(connection, job.id, stoppedReason(connection), 0);
      await this.parts.runner.scheduleNext();
    }
  }
}
