import { moveSlotLater, newWindow, reserveSlot, type SlidingWindow } from "../rate-limit/sliding-window";

/** The caller's last reservation in the bucket went out `lateMs` after its slot (`slotAt`, as reserve answered it). */
export type LateSlot = { slotAt: number; lateMs: number };

/** A connection's provider request reservations: one sliding window per bucket and pace. */
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
      window = newWindow(pace.limit, pace.periodMs);
      this.windows.set(key, window);
    }
    if (previous) moveSlotLater(window, previous.slotAt, previous.lateMs);
    return reserveSlot(window, now, maxWaitMs);
  }
}
