import type { DutyStatus } from "../../../hos/duty-status";
import { LIMITS } from "../../../hos/limits";
import type { VehicleProfile } from "../fleet-vehicles";
import { type DayPlan, dayPlan } from "./day-plan";
import type { Segment } from "./day-timeline";
import { loadingStart } from "./duty-illegal";
import { type LatLng, round } from "./geo";

/** One stretch of a driver's log, before it is cut to the vehicle's life and the fleet's clock. */
export type DutyPiece = {
  status: DutyStatus;
  start: number;
  /** null: a rest with no next working day in sight. */
  end: number | null;
  location: LatLng;
  remark?: string;
  /** False for a local driver's time off at home, away from the vehicle. */
  inVehicle: boolean;
};

/** The pre-trip and post-trip inspections, when the night between two days leaves room for them. */
const INSPECTION_MS = 10 * 60_000;
/** How far a rest looks for the next working day (and a pre-trip for the last one). */
const LOOK_DAYS = 30;
/** A stop within this many km of a route's delivery is that delivery (trip-cuts.ts SAME_STOP_KM). */
const SAME_STOP_KM = 0.001;

/**
 * The log of one working day (none on a day off), from its pre-trip inspection (or an illegal
 * driver's loading block) to the rest that ends at the next working day's first period: the
 * day's segments as the driver logs them, consecutive ones of one status merged by the caller.
 */
export function shiftPieces(seed: number, vehicle: VehicleProfile, day: number, illegal: boolean): DutyPiece[] {
  const plan = dayPlan(seed, vehicle, day);
  if (!plan) return [];
  const previous = workingDayNear(seed, vehicle, day, -1);
  const next = workingDayNear(seed, vehicle, day, 1);
  const start = shiftStart(previous, plan, illegal);
  const firstStart = plan.segments[0]!.start;
  const lastEnd = plan.segments.at(-1)!.end;
  const postEnd = lastEnd + inspections(plan, next).postMs;
  const origin = pointOf(plan, 0);
  const finish = pointOf(plan, plan.route.length);
  const pieces: DutyPiece[] = [
    {
      status: "on_duty",
      start: start.at,
      end: firstStart,
      location: origin,
      remark: start.loading ? "Loading" : "Pre-trip inspection",
      inVehicle: true,
    },
    ...plan.segments.map((segment, k) => segmentPiece(plan, segment, plan.segments[k + 1])),
    {
      status: "on_duty",
      start: lastEnd,
      end: postEnd,
      location: finish,
      remark: "Post-trip inspection",
      inVehicle: true,
    },
    {
      status: plan.traits.longHaul ? "sleeper_bed" : "off_duty",
      start: postEnd,
      end: next ? shiftStart(plan, next, illegal).at : null,
      location: finish,
      inVehicle: plan.traits.longHaul,
    },
  ];
  return pieces.filter((piece) => piece.end === null || piece.end > piece.start);
}

/** The nearest working day before (step -1) or after (step 1) `day`, within LOOK_DAYS. */
function workingDayNear(seed: number, vehicle: VehicleProfile, day: number, step: -1 | 1): DayPlan | undefined {
  for (let k = 1; k <= LOOK_DAYS; k++) {
    const plan = dayPlan(seed, vehicle, day + step * k);
    if (plan) return plan;
  }
  return undefined;
}

/**
 * The post-trip inspection after working day `a` and the pre-trip before the next one, `b`: 10
 * minutes each, both shortened alike when they would bring the rest between under a length
 * the rules reward: 34 hours (which restarts the 70-hour cycle) or 10 (which starts a new
 * shift). A plan ends by 23:59 and starts at 10:00 at the earliest, so a night always has a
 * minute to spare over 10 hours, and a single day off one over 34: a late day followed by an
 * early one gets short inspections, but never a short rest.
 */
function inspections(a: DayPlan | undefined, b: DayPlan | undefined): { postMs: number; preMs: number } {
  if (!a || !b) return { postMs: INSPECTION_MS, preMs: INSPECTION_MS };
  const gap = b.segments[0]!.start - a.segments.at(-1)!.end;
  const kept = [LIMITS.restart, LIMITS.reset].find((rest) => gap >= rest) ?? 0;
  const spare = gap - kept;
  if (spare >= 2 * INSPECTION_MS) return { postMs: INSPECTION_MS, preMs: INSPECTION_MS };
  const postMs = Math.floor(spare / 2000) * 1000;
  return { postMs, preMs: spare - postMs };
}

/** When the log of working day `plan` starts: its pre-trip, or an illegal driver's earlier loading block. */
function shiftStart(previous: DayPlan | undefined, plan: DayPlan, illegal: boolean): { at: number; loading: boolean } {
  const { postMs, preMs } = inspections(previous, plan);
  const normal = plan.segments[0]!.start - preMs;
  const before = previous && { day: previous.day, restFrom: previous.segments.at(-1)!.end + postMs };
  const loading = illegal ? loadingStart(plan, before, normal - INSPECTION_MS) : undefined;
  return loading === undefined ? { at: normal, loading: false } : { at: loading, loading: true };
}

/**
 * A trip is driving; idling, deliveries and refills are on duty. A break (of any length: the
 * driver is relieved of all work, 49 CFR 395.2), with the idling that comes before it, is off
 * duty: the on-duty hours the 70-hour cycle counts are the work's, not the rest's.
 */
function segmentPiece(plan: DayPlan, segment: Segment, next: Segment | undefined): DutyPiece {
  const base = { start: segment.start, end: segment.end, location: pointOf(plan, segment.km0), inVehicle: true };
  if (segment.kind === "drive") return { ...base, status: "driving" };
  const resting = segment.kind === "off" ? isBreak(plan, segment) : next?.kind === "off" && isBreak(plan, next);
  return resting ? { ...base, status: "off_duty", remark: "Break" } : { ...base, status: "on_duty" };
}

/** An engine-off stop that is neither a refill nor one of the route's deliveries: a driver's break. */
function isBreak(plan: DayPlan, segment: Segment): boolean {
  if (segment.refillsAtEnd > 0) return false;
  return !plan.route.stops.some((stop) => stop.kind === "delivery" && Math.abs(stop.km - segment.km0) < SAME_STOP_KM);
}

function pointOf(plan: DayPlan, km: number): LatLng {
  const point = plan.route.at(km);
  return { lat: round(point.lat, 5), lng: round(point.lng, 5) };
}
