import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DUTY_STATUSES, type DutyStatus } from "../../src/hos/duty-status";
import { CYCLES, type CycleRule, DAY_MS, LIMITS } from "../../src/hos/limits";
import { availableTime, type DutyPeriod, violations } from "../../src/hos/rules";
import { HOUR, MINUTE } from "./schedule";

const START = Date.parse("2026-03-02T00:00:00.000Z");

/** Random duty statuses of 1 minute to 12 hours, driving and rest the likeliest, from a random instant of a week. */
const schedules = fc
  .record({
    offset: fc.integer({ min: 0, max: 7 * DAY_MS }),
    steps: fc.array(
      fc.tuple(
        fc.oneof(
          { weight: 3, arbitrary: fc.constant<DutyStatus>("driving") },
          { weight: 2, arbitrary: fc.constantFrom<DutyStatus>("off_duty", "sleeper_bed") },
          { weight: 2, arbitrary: fc.constantFrom<DutyStatus>(...DUTY_STATUSES) },
        ),
        fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 12 * 60 })),
      ),
      { minLength: 1, maxLength: 40 },
    ),
  })
  .map(({ offset, steps }) => {
    let at = START + offset;
    const periods: DutyPeriod[] = [];
    for (const [status, minutes] of steps) {
      periods.push({ status, startedAt: at, endedAt: at + minutes * MINUTE });
      at += minutes * MINUTE;
    }
    return { periods, end: at };
  });

const options = fc.record({
  cycle: fc.constantFrom<CycleRule>("60_7", "70_8"),
  dayStartMs: fc.constantFrom(0, 5 * HOUR, 8 * HOUR, -4 * HOUR),
});

const dayOf = (at: number, dayStartMs: number) => Math.floor((at - dayStartMs) / DAY_MS);

describe("availableTime, as properties over random logs", () => {
  it("never goes below zero nor above a limit, and driving left is within the window's and the cycle's", () => {
    fc.assert(
      fc.property(schedules, options, fc.double({ min: 0, max: 1, noNaN: true }), ({ periods, end }, rules, share) => {
        const at = periods[0]!.startedAt + Math.round(share * (end + 2 * DAY_MS - periods[0]!.startedAt));
        const clocks = availableTime(periods, at, rules);
        expect(clocks.drive).toBeGreaterThanOrEqual(0);
        expect(clocks.drive).toBeLessThanOrEqual(Math.min(LIMITS.drive, clocks.shift, clocks.cycle));
        expect(clocks.shift).toBeGreaterThanOrEqual(0);
        expect(clocks.shift).toBeLessThanOrEqual(LIMITS.shift);
        expect(clocks.cycle).toBeGreaterThanOrEqual(0);
        expect(clocks.cycle).toBeLessThanOrEqual(CYCLES[rules.cycle].limit);
        expect(clocks.break).toBeGreaterThanOrEqual(0);
        expect(clocks.break).toBeLessThanOrEqual(LIMITS.breakDue);
      }),
      { numRuns: 300 },
    );
  });

  it("only counts down while driving (the cycle may grow back only when a day leaves it)", () => {
    fc.assert(
      fc.property(
        schedules,
        options,
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ periods }, rules, pick, first, second) => {
          const driving = periods.filter((period) => period.status === "driving");
          fc.pre(driving.length > 0);
          const period = driving[pick % driving.length]!;
          const span = period.endedAt! - period.startedAt;
          const [early, late] = [first, second]
            .sort((a, b) => a - b)
            .map((share) => period.startedAt + Math.round(share! * span));
          const before = availableTime(periods, early!, rules);
          const after = availableTime(periods, late!, rules);
          expect(after.drive).toBeLessThanOrEqual(before.drive);
          expect(after.shift).toBeLessThanOrEqual(before.shift);
          expect(after.break).toBeLessThanOrEqual(before.break);
          if (dayOf(early!, rules.dayStartMs) === dayOf(late!, rules.dayStartMs)) {
            expect(after.cycle).toBeLessThanOrEqual(before.cycle);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("violations, as properties", () => {
  it("finds none for a driver who never drives longer than the clocks allow, and the first where driving past them starts", () => {
    fc.assert(
      fc.property(schedules, options, fc.integer({ min: 1, max: 120 }), ({ periods: wanted }, rules, over) => {
        // The same statuses, each drive cut to what the clocks allowed when it began.
        const legal: DutyPeriod[] = [];
        let at = wanted[0]!.startedAt;
        for (const period of wanted) {
          let length = period.endedAt! - period.startedAt;
          if (period.status === "driving") length = Math.min(length, allowed(legal, at, rules));
          if (length === 0) continue;
          legal.push({ status: period.status, startedAt: at, endedAt: at + length });
          at += length;
        }
        expect(violations(legal, at, rules)).toEqual([]);

        const limit = allowed(legal, at, rules);
        const end = at + limit + over * MINUTE;
        // Within one of the carrier's days, so that no day leaves the cycle while driving.
        fc.pre(dayOf(at, rules.dayStartMs) === dayOf(end, rules.dayStartMs));
        const broken = violations([...legal, { status: "driving", startedAt: at, endedAt: end }], end, rules);
        // The first where the clocks ran out; others (a second limit) later within the overrun.
        expect(Math.min(...broken.map((violation) => violation.at))).toBe(at + limit);
        for (const violation of broken) expect(violation.at).toBeLessThan(end);
      }),
      { numRuns: 200 },
    );
  });
});

/** Driving the clocks allow from `at` on: the least of driving left and driving before a break. */
function allowed(periods: readonly DutyPeriod[], at: number, rules: { cycle: CycleRule; dayStartMs: number }): number {
  const clocks = availableTime(periods, at, rules);
  return Math.min(clocks.drive, clocks.break);
}
