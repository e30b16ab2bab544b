/**
 * An exact sliding-window limit: at most `limit` admitted requests in any window of
 * `periodMs`. It keeps the admission times of the last period (at most `limit` of them), so
 * the answer to a refusal is exact: the moment the oldest counted request leaves the window.
 *
 * Why not GCRA (a token bucket): with a burst allowance of `limit` it admits a full burst
 * and then keeps refilling, up to 2·limit − 1 requests within one period (100 at t = 0, one
 * more at t = 10 ms …). "At most N per second" is the contract, so the window is counted
 * exactly; the cost is `limit` numbers per active key, a few kilobytes at most.
 */
export type SlidingWindow = {
  readonly limit: number;
  readonly periodMs: number;
  /** Least time between two admissions (0: a whole period's requests may go at once). */
  readonly minGapMs: number;
  /** Admission times, oldest first, all within the last period (pruned on each look). */
  readonly admitted: number[];
};

export function newWindow(limit: number, periodMs: number, minGapMs = 0): SlidingWindow {
  return { limit: Math.max(1, Math.floor(limit)), periodMs, minGapMs, admitted: [] };
}

/**
 * The earliest time at or after `now` when `window` can take one more request, after every
 * time it already holds (a pacer's reservations may lie ahead of `now`). Drops expired times.
 */
export function earliestSlot(window: SlidingWindow, now: number): number {
  const { admitted, limit, periodMs, minGapMs } = window;
  // A request admitted at t counts in every window (s − period, s] that contains t.
  while (admitted.length > 0 && (admitted[0] as number) <= now - periodMs) admitted.shift();
  const newest = admitted.length > 0 ? (admitted.at(-1) as number) + minGapMs : now;
  // The limit-th newest time must have left the window (s − period, s] of the new one.
  const leaving = admitted.length >= limit ? (admitted[admitted.length - limit] as number) + periodMs : now;
  return Math.max(now, newest, leaving);
}

/** Milliseconds until `window` can admit one more request at `now` (0: it can now). */
export function waitBeforeAdmission(window: SlidingWindow, now: number): number {
  return earliestSlot(window, now) - now;
}

/**
 * A pacer's reservation: the next slot of the window, taken when it is at most `maxWaitMs`
 * away (the caller then waits `waitMs` before its request), left free otherwise.
 */
export function reserveSlot(
  window: SlidingWindow,
  now: number,
  maxWaitMs: number,
): { waitMs: number; slotAt: number } | { retryAfterMs: number } {
  const slot = earliestSlot(window, now);
  if (slot - now > maxWaitMs) return { retryAfterMs: slot - now };
  window.admitted.push(slot);
  return { waitMs: slot - now, slotAt: slot };
}

/**
 * A reservation's request went out `lateMs` after its slot (the answer's way back, a sleep that
 * woke late, a busy thread): it counts from when it went, so that the requests after it keep
 * their distance from it as the provider sees them. A slot no longer in the window is let be.
 */
export function moveSlotLater(window: SlidingWindow, slotAt: number, lateMs: number): void {
  const { admitted } = window;
  const index = admitted.indexOf(slotAt);
  if (index < 0 || lateMs <= 0) return;
  admitted.splice(index, 1);
  const movedTo = slotAt + lateMs;
  let position = admitted.length;
  while (position > 0 && (admitted[position - 1] as number) > movedTo) position--;
  admitted.splice(position, 0, movedTo);
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Admits one request in every window, or in none: a request refused by one limit must not
 * use up another's budget. Refused, it says how long to wait for all of them to have room.
 */
export function admitInAll(windows: readonly SlidingWindow[], now: number): Verdict {
  const wait = Math.max(0, ...windows.map((window) => waitBeforeAdmission(window, now)));
  if (wait > 0) return { allowed: false, retryAfterMs: wait };
  // A wait of 0 means the slot is `now` in every window.
  for (const window of windows) window.admitted.push(now);
  return { allowed: true };
}

/** True when nothing in the window counts any more at `now`: the key can be forgotten. */
export function isIdle(window: SlidingWindow, now: number): boolean {
  const newest = window.admitted.at(-1);
  return newest === undefined || newest <= now - window.periodMs;
}

/** A refusal's wait in whole seconds, as the contract's `retryAfter` and the Retry-After header: at least 1. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}
