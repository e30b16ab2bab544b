/**
 * The limit's arithmetic on its own (src/rate-limit/sliding-window.ts): whatever the timing
 * of the requests, no window of one period admits more than the limit, and a caller that waits
 * the answered delay is admitted.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  admitInAll,
  moveSlotLater,
  newWindow,
  reserveSlot,
  retryAfterSeconds,
  type SlidingWindow,
  waitBeforeAdmission,
} from "../../src/rate-limit/sliding-window";

const PERIOD = 1000;

/** Request times: non-decreasing offsets within a few periods, with bursts (many equal times) likely. */
const timings = fc
  .array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 400 })), {
    minLength: 1,
    maxLength: 300,
  })
  .map((gaps) => {
    let now = 1_700_000_000_000;
    return gaps.map((gap) => {
      now += gap;
      return now;
    });
  });

/** The most requests admitted within any half-open window [t, t + period). */
function busiestWindow(admitted: readonly number[]): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < admitted.length; end++) {
    while ((admitted[end] as number) - (admitted[start] as number) >= PERIOD) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe("sliding window", () => {
  it("never admits more than the limit in any window of one period, for any timing", () => {
    fc.assert(
      fc.property(timings, fc.integer({ min: 1, max: 20 }), (times, limit) => {
        const window = newWindow(limit, PERIOD);
        const admitted: number[] = [];
        for (const now of times) if (admitInAll([window], now).allowed) admitted.push(now);
        expect(busiestWindow(admitted)).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it("admits a lone request made retryAfterMs after a refusal", () => {
    fc.assert(
      fc.property(timings, fc.integer({ min: 1, max: 20 }), (times, limit) => {
        const window = newWindow(limit, PERIOD);
        for (const now of times) {
          const verdict = admitInAll([window], now);
          if (verdict.allowed) continue;
          expect(verdict.retryAfterMs).toBeGreaterThan(0);
          expect(verdict.retryAfterMs).toBeLessThanOrEqual(PERIOD);
          // Alone: a copy of the window, so the sequence itself goes on unchanged.
          const alone: SlidingWindow = { ...window, admitted: [...window.admitted] };
          expect(admitInAll([alone], now + verdict.retryAfterMs)).toEqual({ allowed: true });
        }
      }),
    );
  });

  it("admits a full burst up to the limit, then refuses until the first request leaves the window", () => {
    const window = newWindow(3, PERIOD);
    expect([1, 2, 3, 4].map(() => admitInAll([window], 0).allowed)).toEqual([true, true, true, false]);
    expect(waitBeforeAdmission(window, 250)).toBe(750);
    expect(admitInAll([window], 999).allowed).toBe(false);
    expect(admitInAll([window], 1000).allowed).toBe(true);
  });

  it("admits in every window or in none, and waits for the slowest", () => {
    const application = newWindow(10, PERIOD);
    const connection = newWindow(2, PERIOD);
    expect(admitInAll([application, connection], 0).allowed).toBe(true);
    expect(admitInAll([application, connection], 100).allowed).toBe(true);
    // The connection is full: the application's budget is not spent on a refused request.
    expect(admitInAll([application, connection], 200)).toEqual({ allowed: false, retryAfterMs: 800 });
    expect(application.admitted).toHaveLength(2);
    const other = newWindow(2, PERIOD);
    expect(admitInAll([application, other], 200).allowed).toBe(true);
  });

  it("paces reservations: no window of one period holds more than the limit, and none is before its request", () => {
    fc.assert(
      fc.property(
        timings,
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 3000 }),
        (times, limit, maxWait) => {
          const window = newWindow(limit, PERIOD);
          const slots: number[] = [];
          for (const now of times) {
            const slot = reserveSlot(window, now, maxWait);
            if ("waitMs" in slot) {
              expect(slot.waitMs).toBeLessThanOrEqual(maxWait);
              slots.push(now + slot.waitMs);
            } else {
              expect(slot.retryAfterMs).toBeGreaterThan(maxWait);
            }
          }
          expect(slots).toEqual([...slots].sort((a, b) => a - b));
          expect(busiestWindow(slots)).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it("a pacer's requests that go late, reported with the next reservation, are never closer than the limit allows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ late: fc.integer({ min: 0, max: 500 }), gap: fc.integer({ min: 0, max: 50 }) }), {
          minLength: 1,
          maxLength: 120,
        }),
        fc.integer({ min: 1, max: 25 }),
        (requests, limit) => {
          const window = newWindow(limit, PERIOD);
          const sent: number[] = [];
          let now = 1_700_000_000_000;
          let previous: { slotAt: number; lateMs: number } | undefined;
          for (const { late, gap } of requests) {
            if (previous) moveSlotLater(window, previous.slotAt, previous.lateMs);
            const slot = reserveSlot(window, now, Number.POSITIVE_INFINITY);
            if (!("waitMs" in slot)) throw new Error("an unbounded wait always reserves");
            // The request goes `late` after its slot; the next one is asked for `gap` after that.
            sent.push(slot.slotAt + late);
            previous = { slotAt: slot.slotAt, lateMs: late };
            now = slot.slotAt + late + gap;
          }
          expect(busiestWindow(sent)).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it("spreads a pacer's slots a period's share apart, so requests late by up to the slack, unreported, stay within the limit", () => {
    // The provider pacer's shape: `limit` a second, counted over 1.25 s, slots 1.25 s / limit apart (whole ms).
    const slack = 1.25;
    fc.assert(
      fc.property(
        fc.array(fc.record({ late: fc.integer({ min: 0, max: 250 }), gap: fc.integer({ min: 0, max: 80 }) }), {
          minLength: 1,
          maxLength: 150,
        }),
        fc.integer({ min: 1, max: 25 }),
        (requests, limit) => {
          const periodMs = PERIOD * slack;
          const window = newWindow(limit, periodMs, Math.ceil(periodMs / limit));
          const slots: number[] = [];
          const arrivals: number[] = [];
          let now = 1_700_000_000_000;
          for (const { late, gap } of requests) {
            const slot = reserveSlot(window, now, Number.POSITIVE_INFINITY);
            if (!("waitMs" in slot)) throw new Error("an unbounded wait always reserves");
            slots.push(slot.slotAt);
            arrivals.push(slot.slotAt + late);
            now = slot.slotAt + gap;
          }
          for (let index = 1; index < slots.length; index++) {
            expect((slots[index] as number) - (slots[index - 1] as number)).toBeGreaterThanOrEqual(
              Math.ceil(periodMs / limit),
            );
          }
          expect(busiestWindow(arrivals.sort((a, b) => a - b))).toBeLessThanOrEqual(limit);
        },
      ),
    );
  });

  it("moves a late slot in order, and leaves a slot it no longer holds", () => {
    const window = newWindow(3, PERIOD);
    for (const now of [0, 10, 20]) reserveSlot(window, now, 0);
    moveSlotLater(window, 0, 15);
    expect(window.admitted).toEqual([10, 15, 20]);
    moveSlotLater(window, 999, 50);
    moveSlotLater(window, 10, 0);
    expect(window.admitted).toEqual([10, 15, 20]);
  });

  it("answers whole seconds, at least one", () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
    expect(retryAfterSeconds(0)).toBe(1);
  });
});
