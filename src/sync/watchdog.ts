import type { ActiveSync } from "./state";

/** A reservation whose request has not written its job within this long was cut short (a crash): it is settled. */
export const RESERVATION_TIMEOUT_MS = 60_000;
/**
 * While a sync is active the watchdog looks at least this often, and re-sends a message not
 * picked up in this long (lost, or its pick-up forgotten with a restart): an interrupted sync
 * resumes within two such periods of the restart. A duplicate it may send is harmless (the
 * page's writes are idempotent and a stale report is ignored).
 */
export const RECOVERY_CHECK_MS = 30_000;
/** A scheduled sync whose request was cut short is asked for again after this long. */
export const SCHEDULE_RETRY_MS = 60_000;

/** What an instance of the object remembers of the active sync's messages (memory only: a restart forgets it). */
export type MessageMemory = {
  /**
   * The last message a consumer picked up, and when. Memory only: storing it would cost a
   * durable write per page, and losing it (eviction) only means that a late duplicate of the
   * previous message resends the current one, whose second copy the seq check then drops.
   */
  lastClaim: { syncId: string; seq: number; at: number } | undefined;
  /** The last message this instance queued (memory only: after a restart, it knows of none). */
  lastSent: { syncId: string; seq: number } | undefined;
};

/** Whether a reservation's request is no longer running: not in `requesting` (a restart), or for too long. */
export function reservationOrphaned(active: ActiveSync, requesting: ReadonlySet<string>, now: number): boolean {
  return !requesting.has(active.syncId) || now - active.lastProgressAt >= RESERVATION_TIMEOUT_MS;
}

/**
 * Whether the active sync needs its current message sent again. A message this instance sent
 * and that waits in the queue, or one being worked on, has the stall period: a long queue must
 * not be lengthened with copies. A message this instance knows nothing of (sent before a
 * restart, which may have lost it) is sent again once RECOVERY_CHECK_MS pass without progress.
 */
export function stalled(active: ActiveSync, memory: MessageMemory, now: number, stallMs: number): boolean {
  const sentHere = memory.lastSent?.syncId === active.syncId && memory.lastSent.seq === active.seq;
  if (!isClaimed(active, memory) && !sentHere) return now - active.lastProgressAt >= RECOVERY_CHECK_MS;
  return now - lastSignOfLife(active, memory) >= stallMs;
}

/** When the watchdog must look at the active sync next. */
export function watchdogAt(active: ActiveSync, memory: MessageMemory, now: number, stallMs: number): number {
  if (active.reserved) return active.lastProgressAt + RESERVATION_TIMEOUT_MS;
  return Math.min(lastSignOfLife(active, memory) + stallMs, now + RECOVERY_CHECK_MS);
}

/** Whether a consumer has picked up the current message (if not, it may have been lost and can be sent again). */
export function isClaimed(active: ActiveSync, memory: MessageMemory): boolean {
  return memory.lastClaim?.syncId === active.syncId && memory.lastClaim.seq === active.seq;
}

/** The last progress or pick-up of the active sync: a page being worked on (or retried) is no stall. */
function lastSignOfLife(active: ActiveSync, memory: MessageMemory): number {
  const claimedAt = memory.lastClaim?.syncId === active.syncId ? memory.lastClaim.at : 0;
  return Math.max(active.lastProgressAt, claimedAt);
}
