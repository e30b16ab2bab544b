import type { Rng } from "../hash";
import { SECOND_MS } from "../time";
import { type Motion, motion } from "./motion";
import type { TripCut } from "./trip-cuts";

/**
 * One piece of a vehicle's working day: driving (a trip), idling with the engine running, or
 * stopped with it off (a delivery, a break, a refill). Each carries the day's running totals at
 * its start, so any instant's values are one interpolation away (day-values.ts).
 */
export type Segment = {
  kind: "drive" | "idle" | "off";
  /** Epoch ms, whole seconds. */
  start: number;
  end: number;
  /** Day-relative km driven at the start and end. */
  km0: number;
  km1: number;
  /** Today's idling and engine running ms, consumption and completed refills, before the segment. */
  idleMs0: number;
  runMs0: number;
  consumed0: number;
  /** Today's consumption at the segment's end. */
  consumed1: number;
  refills0: number;
  /** Refills completed at the segment's end: 1 for an off segment at a pump or charger, else 0. */
  refillsAtEnd: number;
  /** A drive's rank among the day's trips (0, 1, ...), -1 otherwise. */
  trip: number;
  motion?: Motion;
};

export type TimelineInput = {
  /** Epoch ms of the first segment's start. */
  start: number;
  cuts: TripCut[];
  driveS: number[];
  idleS: number[];
  offS: number[];
  refills: number[];
  refillS: number[];
  perKm: number;
  perIdleMs: number;
  highway: boolean;
  rng: Rng;
};

/**
 * Lays the day out in time, stop by stop (stop 0 is the morning, stop N the evening): a refill
 * if one is due there, idling, the engine off for the delivery or break, then the next trip.
 * Durations are whole seconds: `driveS` per trip, `idleS` per stop, `offS` per stop after a trip.
 */
export function timeline(input: TimelineInput): Segment[] {
  const { cuts, perKm, perIdleMs, rng } = input;
  const segments: Segment[] = [];
  const totals = { t: input.start, km: 0, idleMs: 0, runMs: 0, consumed: 0, refills: 0 };
  const push = (kind: Segment["kind"], seconds: number, extra: Partial<Segment> = {}) => {
    if (seconds <= 0) return;
    const ms = seconds * SECOND_MS;
    const km1 = extra.km1 ?? totals.km;
    const burnt = kind === "idle" ? ms * perIdleMs : kind === "drive" ? (km1 - totals.km) * perKm : 0;
    segments.push({
      kind,
      start: totals.t,
      end: totals.t + ms,
      km0: totals.km,
      km1,
      idleMs0: totals.idleMs,
      runMs0: totals.runMs,
      consumed0: totals.consumed,
      consumed1: totals.consumed + burnt,
      refills0: totals.refills,
      refillsAtEnd: 0,
      trip: -1,
      ...extra,
    });
    totals.t += ms;
    totals.km = km1;
    totals.consumed += burnt;
    if (kind === "idle") totals.idleMs += ms;
    if (kind !== "off") totals.runMs += ms;
    totals.refills += extra.refillsAtEnd ?? 0;
  };
  input.idleS.forEach((idle, stop) => {
    push("off", input.refillS[stop]!, { refillsAtEnd: input.refills[stop]! });
    push("idle", idle);
    const cut = cuts[stop];
    if (!cut) return;
    if (stop > 0) push("off", input.offS[stop - 1]!);
    const seconds = input.driveS[stop]!;
    push("drive", seconds, {
      km1: cut.toKm,
      trip: stop,
      motion: motion(seconds, cut.toKm - cut.fromKm, input.highway, rng),
    });
  });
  return segments;
}
