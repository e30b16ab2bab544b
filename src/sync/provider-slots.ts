import { newWindow, reserveSlot, type SlidingWindow } from "../rate-limit/sliding-window";

/** A connection's provider request reservations: one sliding window per bucket and pace. */
export class ProviderSlots {
  private readonly windows = new Map<string, SlidingWindow>();

  /** Reserves the next request in `bucket` at `now`: the wait before it, or when to come back (nothing reserved). */
  reserve(
    bucket: string,
    pace: { limit: number; periodMs: number },
    maxWaitMs: number,
    now: number,
  ): { waitMs: number } | { retryAfterMs: number } {
    const key = `${bucket}|${pace.limit}|${pace.periodMs}`;
    let window = this.windows.get(key);
    if (!window) {
      window = newWindow(pace.limit, pace.periodMs);
      this.windows.set(key, window);
    }
    return reserveSlot(window, now, maxWaitMs);
  }
}
