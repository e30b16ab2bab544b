import type { ConnectionRow, ProviderRequest, SyncJobRow } from "../db/schema";
import { newId } from "../lib/ids";
import { findProvider } from "../providers/registry";
import type { AlarmClock } from "./alarm-clock";
import { type SyncJobRows, stoppedReason } from "./job-rows";
import type { ConnectionMoves } from "./moves";
import { incrementalStart } from "./plan";
import { type ActiveSync, reservation, type SyncIdentity } from "./state";
import type { SyncStateStore } from "./state-store";
import type { SyncRunner } from "./sync-runner";
import { RESERVATION_TIMEOUT_MS, reservationOrphaned } from "./watchdog";

export type RequestSyncInput = {
  identity: SyncIdentity;
  /** Earliest time-based records to read; absent: incrementally from the last completed sync. */
  startFrom?: number;
  providerRequests: ProviderRequest[];
  /** Retry of a failed job: the same job id, parameters kept, attempts counted. */
  retryOf?: string;
  /** The connection as the caller has it (the object reads it when absent). */
  connection?: ConnectionRow;
};

export type RequestSyncResult =
  /** `job`: the row as this request wrote it (a consumer may already have moved it on). */
  | { status: "started"; syncId: string; job: SyncJobRow }
  | { status: "conflict"; syncId: string }
  | { status: "not_connected" }
  | { status: "not_retryable" };

/** What the starter works with, shared with the object's other decisions. */
export type SyncStarterParts = {
  store: SyncStateStore;
  jobs: SyncJobRows;
  alarmClock: AlarmClock;
  runner: SyncRunner;
  connection: (connectionId: string) => Promise<ConnectionRow | undefined>;
  /** Keeps work going after the call answers (the object's waitUntil). */
  defer: (work: Promise<unknown>) => void;
  /** The connection's moves between shards: a sync requested during a copy waits for the switch. */
  moves: ConnectionMoves;
  /** Fails the active sync (ConnectionSync.fail): a reservation whose job was written but may no longer run. */
  fail: (syncId: string, reason: string) => Promise<boolean>;
};

/**
 * The start of a sync, for ConnectionSync: the reservation a request takes before its first
 * await, the job it writes, and the settling of a reservation whose request was cut short.
 */
export class SyncStarter {
  /** Syncs whose request is running in this instance (memory only: after a restart, none is). */
  private readonly requesting = new Set<string>();

  constructor(private readonly parts: SyncStarterParts) {}

  /** ConnectionSync.requestSync: starts a sync unless one is active. */
  async request(input: RequestSyncInput): Promise<RequestSyncResult> {
    const { store, jobs } = this.parts;
    const left = store.load().active;
    // A reservation whose request is no longer running here was cut short: settled first, so that
    // no request is refused for a sync that will never exist.
    if (left?.reserved && this.orphaned(left, Date.now())) await this.settle(left, { requestOwed: false });
    const state = store.load();
    if (state.active) return { status: "conflict", syncId: state.active.syncId };
    if (state.move?.copying) return this.parts.moves.defer(input);
    const syncId = input.retryOf ?? newId("syncJob");
    const now = Date.now();
    // Reserve the slot before the first await, so a concurrent request sees the conflict. The
    // reservation and the alarm that looks at it again are written together (no await between
    // them: one durable write), so a reservation cut short by a crash is dropped, never kept.
    store.save({ ...state, identity: input.identity, active: reservation(syncId, now) });
    const armed = this.parts.alarmClock.ringBy(now + RESERVATION_TIMEOUT_MS);
    this.requesting.add(syncId);
    try {
      await armed;
      const connection = input.connection ?? (await this.parts.connection(input.identity.connectionId));
      const adapter = connection && findProvider(connection.provider);
      if (connection?.status !== "connected" || !adapter) {
        this.release(syncId);
        return { status: "not_connected" };
      }
      const requestedStart = input.startFrom ?? incrementalStart(state.coverageEnd, now);
      const job = input.retryOf
        ? await jobs.reopen(connection, syncId, now)
        : await jobs.insert(connection, syncId, requestedStart, input.providerRequests, now);
      if (!job) {
        this.release(syncId);
        return { status: "not_retryable" };
      }
      if (store.load().active?.syncId !== syncId) {
        // Cancelled while the job was being written: leave it failed rather than requested forever.
        const cancelled = await jobs.failCancelled(syncId, input.identity.connectionId);
        return { status: "started", syncId, job: cancelled ?? job };
      }
      // Its first message and what the job's write owes (events relayed, the owed first sync
      // cleared) go on after the answer: each is recovered by the watchdog or the recovery sweep.
      this.parts.defer(this.parts.runner.begin(adapter, job, now));
      return { status: "started", syncId, job };
    } catch (error) {
      this.release(syncId);
      throw error;
    } finally {
      this.requesting.delete(syncId);
    }
  }

  /** Whether a reservation's request is no longer running: not in this instance (a restart), or for too long. */
  orphaned(active: ActiveSync, now: number): boolean {
    return reservationOrphaned(active, this.requesting, now);
  }

  /**
   * A reservation older than RESERVATION_TIMEOUT_MS: the request that made it was cut short.
   * If its job was written, the sync starts as requested; if not, the reservation is dropped:
   * never completed, covering no history. A first sync still owed is then requested anew (unless
   * a request is about to start one, which carries it).
   */
  async settle(active: ActiveSync, options: { requestOwed: boolean }): Promise<void> {
    const { store } = this.parts;
    const identity = store.load().identity!;
    const connection = await this.parts.connection(identity.connectionId);
    const job = await this.parts.jobs.find(active.syncId, identity.connectionId);
    // Settled meanwhile by another call (the reads above are awaits): nothing left to do.
    if (!store.load().active?.reserved || store.load().active?.syncId !== active.syncId) return;
    const adapter = connection && findProvider(connection.provider);
    if (job?.status === "requested" && connection?.status === "connected" && adapter) {
      await this.parts.runner.begin(adapter, job, Date.now());
      await this.parts.jobs.clearOwedIntent(connection, job);
      return;
    }
    if (job?.status === "requested") {
      await this.parts.fail(active.syncId, stoppedReason(connection));
      return;
    }
    this.release(active.syncId);
    console.error(
      JSON.stringify({ level: "warn", message: "sync reservation without a job dropped", syncId: active.syncId }),
    );
    if (options.requestOwed && connection?.status === "connected" && connection.syncIntent === "initial") {
      await this.request({ identity, providerRequests: [] });
    }
  }

  /** Drops the reservation (or sync) `syncId` if it is still the active one. */
  private release(syncId: string): void {
    const state = this.parts.store.load();
    if (state.active?.syncId === syncId) this.parts.store.save({ ...state, active: null });
  }
}
