import type { Environment, SyncJobRow } from "../db/schema";
import type { SyncMessage, SyncStep } from "./messages";
import { progressOf } from "./plan";

/** Which connection a ConnectionSync object serves (learnt on its first call). */
export type SyncIdentity = { connectionId: string; applicationId: string; environment: Environment };

/** The sync in progress: where it is, and what the next message must be. */
export type ActiveSync = {
  syncId: string;
  /** Sequence number of the message that must be processed next. */
  seq: number;
  steps: SyncStep[];
  stepIndex: number;
  /** Provider cursor of the next page of the current step. */
  cursor?: string;
  pagesInStep: number;
  /** Whether message 0 was picked up: the job is `in_progress`. */
  started: boolean;
  progress: number;
  lastProgressAt: number;
  /** End of the time windows read: where the next incremental sync starts. */
  windowEnd: number;
  /** The last failure a consumer met on this sync, for the failure reason if it never recovers. */
  lastError?: string;
  /** Reserved by a request whose job row is not written yet (no steps); settled by the watchdog if the request was cut short. */
  reserved?: true;
};

/**
 * A move of the connection's data to another shard (src/domain/shards/moves/): it waits for the
 * running sync to end, then copies (`copying`) until the queue worker switches the connection.
 */
export type MoveState = { moveId: string; source: string; target: string; copying: boolean };

/**
 * A sync requested while the connection's data is copied: its job row is written on the source,
 * where readers still read, and begun on the target once the connection is switched. `job` is
 * undefined while the request that reserved it is still writing it.
 */
export type DeferredSync = { syncId: string; job?: StoredJob };

/** A sync job row as JSON (its times as epoch milliseconds). */
export type StoredJob = Omit<SyncJobRow, "requestedAt" | "startedAt" | "completedAt" | "startFrom" | "updatedAt"> & {
  requestedAt: number;
  startedAt: number | null;
  completedAt: number | null;
  startFrom: number | null;
  updatedAt: number;
};

export type SyncState = {
  identity: SyncIdentity | null;
  active: ActiveSync | null;
  /** End of the windows of the last completed sync. */
  coverageEnd: number | null;
  /** When the next automatic sync is due (null: none scheduled). */
  nextScheduledAt: number | null;
  /** The move under way (absent in states saved before moves existed: none). */
  move?: MoveState | null;
  deferred?: DeferredSync | null;
};

const time = (date: Date | null) => (date === null ? null : date.getTime());
const date = (ms: number | null) => (ms === null ? null : new Date(ms));

export function storedJob(job: SyncJobRow): StoredJob {
  return {
    ...job,
    requestedAt: job.requestedAt.getTime(),
    startedAt: time(job.startedAt),
    completedAt: time(job.completedAt),
    startFrom: time(job.startFrom),
    updatedAt: job.updatedAt.getTime(),
  };
}

export function jobRow(job: StoredJob): SyncJobRow {
  return {
    ...job,
    providerRequests: [...job.providerRequests],
    requestedAt: new Date(job.requestedAt),
    startedAt: date(job.startedAt),
    completedAt: date(job.completedAt),
    startFrom: date(job.startFrom),
    updatedAt: new Date(job.updatedAt),
  };
}

export const EMPTY_STATE: SyncState = { identity: null, active: null, coverageEnd: null, nextScheduledAt: null };

/**
 * The active sync a request reserves before its job is written: no steps yet, and
 * `lastProgressAt` is when it was reserved, which the watchdog times out (RESERVATION_TIMEOUT_MS).
 */
export function reservation(syncId: string, now: number): ActiveSync {
  return {
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
}

/** A reservation whose job is written, with its steps planned: `requestedAt` is when the job was requested. */
export function withSteps(slot: ActiveSync, steps: SyncStep[], requestedAt: number, now: number): ActiveSync {
  const { reserved: _reserved, ...current } = slot;
  return {
    ...current,
    steps,
    lastProgressAt: now,
    windowEnd: Math.max(requestedAt, ...steps.map((step) => step.window?.end ?? 0)),
  };
}

/** The active sync once its current page is stored: on to the step's next page, or to the next step. */
export function afterPage(current: ActiveSync, nextCursor: string | undefined, now: number): ActiveSync {
  const active: ActiveSync =
    nextCursor !== undefined
      ? { ...current, cursor: nextCursor, pagesInStep: current.pagesInStep + 1 }
      : { ...current, cursor: undefined, stepIndex: current.stepIndex + 1, pagesInStep: 0 };
  active.seq = current.seq + 1;
  active.lastProgressAt = now;
  active.lastError = undefined;
  active.progress = Math.max(current.progress, progressOf(active.stepIndex, active.pagesInStep, active.steps.length));
  return active;
}

/** The queue message of the active sync's current page. */
export function pageMessage(active: ActiveSync, identity: SyncIdentity): SyncMessage {
  const step = active.steps[active.stepIndex];
  if (!step) throw new Error(`sync ${active.syncId} has no step ${active.stepIndex}`);
  return {
    type: "sync.page",
    connectionId: identity.connectionId,
    syncId: active.syncId,
    seq: active.seq,
    step,
    ...(active.cursor === undefined ? {} : { cursor: active.cursor }),
  };
}
