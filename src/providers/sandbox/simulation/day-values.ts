import type { EngineState } from "../../../model/normalized";
import type { DayPlan } from "./day-plan";
import type { Segment } from "./day-timeline";
import { kmAt } from "./motion";

/** The day's running totals at one instant, and what the engine is doing then. */
export type DayValues = {
  km: number;
  idleMs: number;
  runMs: number;
  consumed: number;
  refills: number;
  engine: EngineState;
  /** The segment the instant falls in (its start included, its end not), if any. */
  segment?: Segment;
};

/** The day's totals at `t` (epoch ms): zero before the first segment, the day's totals after the last. */
export function dayValuesAt(plan: DayPlan, t: number): DayValues {
  const { segments } = plan;
  const first = segments[0];
  if (!first || t < first.start) return { km: 0, idleMs: 0, runMs: 0, consumed: 0, refills: 0, engine: "off" };
  let segment = first;
  for (const candidate of segments) {
    if (candidate.start > t) break;
    segment = candidate;
  }
  if (t >= segment.end) return endOf(segment);
  const elapsed = t - segment.start;
  const base = { idleMs: segment.idleMs0, runMs: segment.runMs0, refills: segment.refills0, segment };
  if (segment.kind === "drive") {
    const km = segment.km0 + kmAt(segment.motion!, elapsed / 1000);
    const consumed = segment.consumed0 + (km - segment.km0) * plan.budget.perKm;
    return { ...base, km, consumed, runMs: segment.runMs0 + elapsed, engine: "on" };
  }
  if (segment.kind === "idle") {
    return {
      ...base,
      km: segment.km0,
      idleMs: segment.idleMs0 + elapsed,
      runMs: segment.runMs0 + elapsed,
      consumed: segment.consumed0 + elapsed * plan.perIdleMs,
      engine: "idle",
    };
  }
  return { ...base, km: segment.km0, consumed: segment.consumed0, engine: "off" };
}

/** The totals once a segment is over (the engine is off after the day's last one). */
function endOf(segment: Segment): DayValues {
  const ms = segment.end - segment.start;
  const running = segment.kind !== "off";
  return {
    km: segment.km1,
    idleMs: segment.idleMs0 + (segment.kind === "idle" ? ms : 0),
    runMs: segment.runMs0 + (running ? ms : 0),
    consumed: segment.consumed1,
    refills: segment.refills0 + segment.refillsAtEnd,
    engine: "off",
  };
}
