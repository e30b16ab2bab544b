import { type DutyStatus, isDriving, isOnDuty } from "./duty-status.ts";
import { CYCLES, type CycleRule, DAY_MS, LIMITS } from "./limits.ts";
import { pairsAsSplit, type RestStretch } from "./split-rest.ts";

export type RuleOptions = {
  cycle: CycleRule;
  /** When the carrier's day starts, in ms after UTC midnight (its home terminal's midnight): the cycle counts these days. */
  dayStartMs?: number;
};

export type ViolationRule = "drive_limit" | "shift_limit" | "break_required" | "cycle_limit";
export type Violation = { rule: ViolationRule; at: number };

/** What is left, in ms, at an instant. */
export type Clocks = { drive: number; shift: number; cycle: number; break: number };

/** The rest going on (any status not on duty), and its longest run in the sleeper berth. */
type Rest = { start: number; sleeperSince: number | null; longestSleeper: number };
/** A finished rest of at least LIMITS.splitOther: the first half of a split rest, should the next one pair with it. */
type SplitCandidate = { rest: RestStretch; drivenAfter: number };

/**
 * A driver's hours-of-service state, fed the driver's duty statuses in time order (`advance`),
 * reporting the limits broken on the way (`violations`) and what is left at the end (`clocksAt`).
 * The state is what the rules need and no more: driving since the shift's calculation point
 * (a 10-hour rest, or the first half of a split rest once its second half is done), the 14-hour
 * window, driving since the last 30-minute interruption, and the on-duty time of the cycle's days.
 */
export class HosClock {
  readonly violations: Violation[] = [];
  private readonly cycle: { limit: number; days: number };
  private readonly dayStartMs: number;
  private readonly splitFirstHalves: ReadonlySet<number>;
  /** When the 14-hour window began (the first on-duty time after a rest that reset it); null until then. */
  private windowStart: number | null = null;
  /** Time inside the window that does not count: the second half of a split rest. */
  private windowExcluded = 0;
  private driven = 0;
  private drivenSinceBreak = 0;
  private rest: Rest | null = null;
  private nonDrivingSince: number | null = null;
  private splitCandidate: SplitCandidate | null = null;
  /** On-duty intervals since the last 34-hour restart, those older than the cycle's days dropped. */
  private onDuty: [start: number, end: number][] = [];
  private readonly flagged = new Set<ViolationRule>();
  private last: { status: DutyStatus; end: number } | null = null;

  /**
   * `splitFirstHalves`: the starts of the rests known, with hindsight, to be the first half of a
   * split rest (split-rest.ts), which then do not count in the 14-hour window either.
   */
  constructor(options: RuleOptions, splitFirstHalves: ReadonlySet<number> = new Set()) {
    this.cycle = CYCLES[options.cycle];
    this.dayStartMs = options.dayStartMs ?? 0;
    this.splitFirstHalves = splitFirstHalves;
  }

  get currentStatus(): DutyStatus | undefined {
    return this.last?.status;
  }

  /** The driver was in `status` from `start` to `end` (ms); calls come in time order, without overlap. */
  advance(status: DutyStatus, start: number, end: number): void {
    if (end <= start) return;
    if (this.last && start < this.last.end) throw new RangeError("duty periods must come in time order");
    this.last = { status, end };
    if (isOnDuty(status)) this.onDutyFrom(start, end);
    else this.restFrom(status, start, end);
    if (isDriving(status)) this.drive(start, end);
    else this.nonDrivingSince ??= start;
  }

  /**
   * What is left at `at`, the end of the last period or later (the time since counted as it
   * was: a rest still going on counts up to `at`, as if it ended there). Ends the clock's use:
   * a rest is closed at `at`.
   */
  clocksAt(at: number): Clocks {
    if (this.rest) this.endRest(at);
    this.rest = null;
    if (this.nonDrivingSince !== null && at - this.nonDrivingSince >= LIMITS.breakLength) this.breakTaken();
    const windowUsed = this.windowStart === null ? 0 : at - this.windowStart - this.windowExcluded;
    const shift = clamp(LIMITS.shift - windowUsed, LIMITS.shift);
    const cycle = clamp(this.cycle.limit - this.cycleUsed(at), this.cycle.limit);
    return {
      drive: Math.min(clamp(LIMITS.drive - this.driven, LIMITS.drive), shift, cycle),
      shift,
      cycle,
      break: clamp(LIMITS.breakDue - this.drivenSinceBreak, LIMITS.breakDue),
    };
  }

  private onDutyFrom(start: number, end: number): void {
    if (this.rest) this.endRest(start);
    this.rest = null;
    this.windowStart ??= start;
    const previous = this.onDuty.at(-1);
    if (previous && previous[1] === start) previous[1] = end;
    else this.onDuty.push([start, end]);
    const oldest = start - (this.cycle.days + 1) * DAY_MS;
    while (this.onDuty.length > 1 && this.onDuty[0]![1] < oldest) this.onDuty.shift();
  }

  private restFrom(status: DutyStatus, start: number, end: number): void {
    this.rest ??= { start, sleeperSince: null, longestSleeper: 0 };
    if (status === "sleeper_bed") {
      this.rest.sleeperSince ??= start;
      this.rest.longestSleeper = Math.max(this.rest.longestSleeper, end - this.rest.sleeperSince);
    } else {
      this.rest.sleeperSince = null;
    }
  }

  private drive(start: number, end: number): void {
    if (this.nonDrivingSince !== null && start - this.nonDrivingSince >= LIMITS.breakLength) this.breakTaken();
    this.nonDrivingSince = null;
    this.flagCrossing("drive_limit", start, end, LIMITS.drive - this.driven);
    this.flagCrossing("break_required", start, end, LIMITS.breakDue - this.drivenSinceBreak);
    if (this.windowStart !== null) {
      const closes = this.windowStart + this.windowExcluded + LIMITS.shift;
      this.flagCrossing("shift_limit", start, end, closes - start);
    }
    this.flagCycle(start, end);
    this.driven += end - start;
    this.drivenSinceBreak += end - start;
    if (this.splitCandidate) this.splitCandidate.drivenAfter += end - start;
  }

  /** Flags `rule` at the first instant of [start, end) past which `left` ms of driving have run out. */
  private flagCrossing(rule: ViolationRule, start: number, end: number, left: number): void {
    if (this.flagged.has(rule) || start + Math.max(0, left) >= end) return;
    this.flagged.add(rule);
    this.violations.push({ rule, at: start + Math.max(0, left) });
  }

  /** The cycle's on-duty time grows with the driving and shrinks when a day leaves it: checked day by day. */
  private flagCycle(start: number, end: number): void {
    if (this.flagged.has("cycle_limit")) return;
    for (let from = start; from < end; ) {
      const to = Math.min(end, this.dayStart(from) + DAY_MS);
      const used = this.cycleUsed(from);
      if (used + (to - from) > this.cycle.limit) {
        this.flagged.add("cycle_limit");
        this.violations.push({ rule: "cycle_limit", at: from + Math.max(0, this.cycle.limit - used) });
        return;
      }
      from = to;
    }
  }

  /** A rest ends at `end`: a new shift after 10 hours, a recalculated one after a split's second half, a new cycle after 34. */
  private endRest(end: number): void {
    const rest: RestStretch = { start: this.rest!.start, end, longestSleeper: this.rest!.longestSleeper };
    const length = end - rest.start;
    if (length >= LIMITS.restart) {
      this.onDuty = [];
      this.flagged.delete("cycle_limit");
    }
    if (length >= LIMITS.reset) {
      this.startShift(null, 0, 0);
    } else if (this.splitCandidate && pairsAsSplit(this.splitCandidate.rest, rest)) {
      // 395.1(g)(1)(ii)(C): the limits count from the end of the first half; the second half is not counted.
      this.startShift(this.splitCandidate.rest.end, length, this.splitCandidate.drivenAfter);
    } else if (this.splitFirstHalves.has(rest.start)) {
      this.windowExcluded += length;
    }
    // A rest long enough to start a shift is not half of a split one (split-rest.ts agrees).
    this.splitCandidate = length >= LIMITS.splitOther && length < LIMITS.reset ? { rest, drivenAfter: 0 } : null;
  }

  private startShift(windowStart: number | null, excluded: number, driven: number): void {
    this.windowStart = windowStart;
    this.windowExcluded = excluded;
    this.driven = driven;
    this.flagged.delete("drive_limit");
    this.flagged.delete("shift_limit");
  }

  /** 30 minutes without driving: the 8 hours before a break are counted again. */
  private breakTaken(): void {
    this.drivenSinceBreak = 0;
    this.flagged.delete("break_required");
  }

  /** On-duty time within the cycle's days up to `at`: this day and the days before it. */
  private cycleUsed(at: number): number {
    const from = this.dayStart(at) - (this.cycle.days - 1) * DAY_MS;
    let used = 0;
    for (const [start, end] of this.onDuty) {
      const overlap = Math.min(end, at) - Math.max(start, from);
      if (overlap > 0) used += overlap;
    }
    return used;
  }

  private dayStart(at: number): number {
    return Math.floor((at - this.dayStartMs) / DAY_MS) * DAY_MS + this.dayStartMs;
  }
}

function clamp(value: number, max: number): number {
  return Math.max(0, Math.min(max, value));
}
