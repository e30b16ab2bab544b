import type { Environment } from "../db/schema";
import type { SyncStep } from "./messages";

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

export type SyncState = {
  identity: SyncIdentity | null;
  active: ActiveSync | null;
  /** End of the windows of the last completed sync. */
  coverageEnd: number | null;
  /** When the next automatic sync is due (null: none scheduled). */
  nextScheduledAt: number | null;
};

export const EMPTY_STATE: SyncState = { identity: null, active: null, coverageEnd: null, nextScheduledAt: null };
