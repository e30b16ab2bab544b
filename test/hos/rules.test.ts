import { describe, expect, it } from "vitest";
import { availableTime, violations } from "../../src/hos/rules";
import { HOUR, type Step, schedule } from "./schedule";

const RULES_70 = { cycle: "70_8" } as const;
const RULES_60 = { cycle: "60_7" } as const;
const MONDAY = "2026-01-05T00:00:00.000Z";
const at = (iso: string) => Date.parse(iso);

describe("availableTime", () => {
  it("gives a driver with no logs every clock whole", () => {
    expect(availableTime([], at(MONDAY), RULES_70)).toEqual({
      drive: 11 * HOUR,
      shift: 14 * HOUR,
      cycle: 70 * HOUR,
      break: 8 * HOUR,
    });
  });

  it("counts a day's work down: driving, the 14-hour window, the cycle, and driving since the last 30 minutes off the wheel", () => {
    const { periods, end } = schedule("2026-01-04T20:00:00.000Z", [
      ["off_duty", 10],
      ["on_duty", 1],
      ["driving", 4],
      ["on_duty", 0.5],
      ["driving", 3],
    ]);
    expect(availableTime(periods, end, RULES_70)).toEqual({
      currentStatus: "driving",
      // 11 − 7 driven, within the window's 5.5 hours left.
      drive: 4 * HOUR,
      shift: 5.5 * HOUR,
      cycle: 61.5 * HOUR,
      // The half hour on duty was a break: 3 hours driven since.
      break: 5 * HOUR,
    });
  });

  it("lets the window's end stop the driving before the 11 hours do", () => {
    const { periods, end } = schedule(MONDAY, [
      ["off_duty", 10],
      ["on_duty", 6],
      ["driving", 4],
      ["off_duty", 1],
      ["on_duty", 2],
    ]);
    const clocks = availableTime(periods, end, RULES_70);
    expect(clocks.shift).toBe(1 * HOUR);
    expect(clocks.drive).toBe(1 * HOUR);
  });

  it("gives everything back after 10 hours of rest, however it is made of off duty, sleeper berth and personal conveyance", () => {
    const { periods, end } = schedule(MONDAY, [
      ["on_duty", 2],
      ["driving", 9],
      ["off_duty", 4],
      ["personal_conveyance", 1],
      ["sleeper_bed", 3],
      ["waiting_time", 2],
    ]);
    const clocks = availableTime(periods, end, RULES_70);
    expect(clocks).toMatchObject({
      drive: 11 * HOUR,
      shift: 14 * HOUR,
      break: 8 * HOUR,
      currentStatus: "waiting_time",
    });
    expect(clocks.cycle).toBe(59 * HOUR);
  });

  it("counts a yard move on duty but not as driving: it starts the window and is a break", () => {
    const { periods, end } = schedule(MONDAY, [
      ["off_duty", 10],
      ["driving", 5],
      ["yard_move", 0.5],
      ["driving", 1],
    ]);
    expect(availableTime(periods, end, RULES_70)).toMatchObject({
      drive: 5 * HOUR,
      shift: 7.5 * HOUR,
      break: 7 * HOUR,
      cycle: 63.5 * HOUR,
    });
  });

  it("gives the 8 hours before a break back after 30 minutes on duty", () => {
    const { periods, end } = schedule(MONDAY, [
      ["off_duty", 10],
      ["driving", 8],
      ["on_duty", 0.5],
      ["driving", 1],
    ]);
    expect(availableTime(periods, end, RULES_70).break).toBe(7 * HOUR);
  });

  it("treats a gap between logs as off duty", () => {
    const periods = [
      { status: "driving" as const, startedAt: at(MONDAY), endedAt: at(MONDAY) + 6 * HOUR },
      { status: "driving" as const, startedAt: at(MONDAY) + 16 * HOUR, endedAt: at(MONDAY) + 17 * HOUR },
    ];
    expect(availableTime(periods, at(MONDAY) + 17 * HOUR, RULES_70)).toMatchObject({
      drive: 10 * HOUR,
      shift: 13 * HOUR,
    });
  });

  it("restarts the cycle after 34 hours off, and not after 33", () => {
    const week = fiveLongDays();
    // Friday's work ended 12 hours before the week's schedule does.
    const rested = (hours: number) => week.end - 12 * HOUR + hours * HOUR;
    expect(availableTime(week.periods, rested(34), RULES_70).cycle).toBe(70 * HOUR);
    expect(availableTime(week.periods, rested(33), RULES_70).cycle).toBe(10 * HOUR);
  });

  it("recalculates from the end of a split rest's first half once the second is done", () => {
    const { periods, end } = splitRest("sleeper_bed");
    // The first half ended at 20:00; 6 hours driven since; the window counts 20:00–02:00 only.
    expect(availableTime(periods, end, RULES_70)).toMatchObject({
      drive: 5 * HOUR,
      shift: 8 * HOUR,
      currentStatus: "sleeper_bed",
    });
    // Before the second half, nothing says the first will pair: the window is counted whole.
    expect(availableTime(periods, at("2026-01-06T01:00:00.000Z"), RULES_70)).toMatchObject({ drive: 0, shift: 0 });
  });
});

describe("violations", () => {
  const RESTED: Step = ["off_duty", 10];
  it.each<{ name: string; steps: Step[]; found: { rule: string; hoursIn: number }[] }>([
    {
      name: "none in a legal day",
      steps: [RESTED, ["on_duty", 1], ["driving", 5], ["off_duty", 0.5], ["driving", 5], ["on_duty", 1]],
      found: [],
    },
    {
      name: "the 11-hour limit where the 11th hour of driving ends",
      steps: [RESTED, ["driving", 5], ["on_duty", 0.5], ["driving", 5], ["on_duty", 0.5], ["driving", 2]],
      found: [{ rule: "drive_limit", hoursIn: 22 }],
    },
    {
      name: "driving after the 14th hour on duty",
      steps: [RESTED, ["on_duty", 6], ["driving", 4], ["off_duty", 1], ["on_duty", 2], ["driving", 2]],
      found: [{ rule: "shift_limit", hoursIn: 24 }],
    },
    {
      name: "driving on after 8 hours without 30 minutes off the wheel",
      steps: [RESTED, ["driving", 8], ["on_duty", 20 / 60], ["driving", 1]],
      found: [{ rule: "break_required", hoursIn: 18 + 20 / 60 }],
    },
    {
      name: "the 14th hour after a long sleeper-berth rest: a rest that starts a shift is not half of a split one",
      steps: [
        ["sleeper_bed", 12],
        ["on_duty", 4],
        ["driving", 5],
        ["off_duty", 3],
        ["driving", 4],
      ],
      found: [{ rule: "shift_limit", hoursIn: 26 }],
    },
    {
      name: "none when the 30 minutes were taken, on duty",
      steps: [RESTED, ["driving", 8], ["on_duty", 0.5], ["driving", 1]],
      found: [],
    },
  ])("finds $name", ({ steps, found }) => {
    const { periods, end } = schedule(MONDAY, steps);
    expect(violations(periods, end, RULES_70)).toEqual(
      found.map(({ rule, hoursIn }) => ({ rule, at: at(MONDAY) + Math.round(hoursIn * HOUR) })),
    );
  });

  it("flags the 60-hour cycle on the sixth long day, where the 70-hour one has 10 hours left", () => {
    const week = fiveLongDays();
    const sixth = schedule(new Date(week.end).toISOString(), [
      ["on_duty", 3],
      ["driving", 8],
    ]);
    const periods = [...week.periods, ...sixth.periods];
    expect(violations(periods, sixth.end, RULES_60)).toEqual([{ rule: "cycle_limit", at: week.end + 3 * HOUR }]);
    expect(violations(periods, sixth.end, RULES_70)).toEqual([{ rule: "cycle_limit", at: week.end + 10 * HOUR }]);
  });

  it("excuses the window of a split rest's first half, in hindsight, and not without the sleeper berth", () => {
    const split = splitRest("sleeper_bed");
    expect(violations(split.periods, split.end, RULES_70)).toEqual([]);
    const notSplit = splitRest("off_duty");
    expect(violations(notSplit.periods, notSplit.end, RULES_70)).toEqual([
      { rule: "shift_limit", at: at("2026-01-06T00:00:00.000Z") },
    ]);
  });
});

/** Monday to Friday, each 12 hours on duty (3 on, 8 driving, 1 on) from 06:00 and 12 off: 60 hours of the cycle. */
function fiveLongDays() {
  const day = [
    ["on_duty", 3],
    ["driving", 8],
    ["on_duty", 1],
    ["off_duty", 12],
  ] as const;
  return schedule("2026-01-05T06:00:00.000Z", [...day, ...day, ...day, ...day, ...day]);
}

/** 10:00–17:00 on duty and driving, 3 hours off, 6 more driving to 02:00, then 7 hours in `secondHalf`. */
function splitRest(secondHalf: "sleeper_bed" | "off_duty") {
  return schedule(MONDAY, [
    ["off_duty", 10],
    ["on_duty", 2],
    ["driving", 5],
    ["off_duty", 3],
    ["driving", 6],
    [secondHalf, 7],
  ]);
}
