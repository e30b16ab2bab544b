import { moveSlotLater, newWindow, reserveSlot, type SlidingWindow } from "../rate-limit/sliding-window";

/** The caller's last reservation in the bucket went out `lateMs` after its slot (`slotAt`, as reserve answered it). */
export type LateSlot = { slotAt: number; lateMs: number };

/**
 * A connection's provider request reservations: one sliding window per bucket and pace, its
 * slots spread evenly (a period's share apart) rather than a period's requests at once. The
 * provider counts arrivals, and requests go out unevenly late (a busy thread, the network): a
 * burst's stragglers arriving beside the next burst once made 26 requests of a 25 a second
 * bucket within 0.8 s at the fake Samsara. Evenly spread, a late request only meets its
 * neighbours. The average pace is the same; only bursts are given up.
 */
export class ProviderSlots {
  private readonly windows = new Map<string, SlidingWindow>();

  /**
   * Reserves the next request in `bucket` at `now`: the wait before it (and its slot, for the
   * caller's next report), or when to come back (nothing reserved). `previous` moves the caller's
   * last reservation to when its request actually went, before the next slot is chosen.
   */
  reserve(
    bucket: string,
    pace: { limit: number; periodMs: number },
    maxWaitMs: number,
    now: number,
    previous?: LateSlot,
  ): { waitMs: number; slotAt: number } | { retryAfterMs: number } {
    const key = `${bucket}|${pace.limit}|${pace.periodMs}`;
    let window = this.windows.get(key);
    if (!window) {
      window = newWindow(pace.limit, pace.periodMs, Math.ceil(pace.periodMs / pace.limit));
      this.windows.set(key, window);
    }
    if (previous) moveSlotLater(window, previous.slotAt, previous.lateMs);
    return reserveSlot(window, now, maxWaitMs);
  }
}
