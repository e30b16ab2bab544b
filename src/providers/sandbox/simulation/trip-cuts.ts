import type { DayRoute, StopKind } from "./day-route";

/** One trip of a day: from one stop to the next, in day-relative km. */
export type TripCut = {
  fromKm: number;
  toKm: number;
  /** Why the vehicle stops after it (none after the day's last trip). */
  stopAfter?: StopKind;
};

/** A stop this close to the one before it, or to the day's start or end, is the same stop. */
const SAME_STOP_KM = 0.001;

/**
 * The day's trips: the route cut at its stops, and a trip longer than `maxKm` cut into equal
 * parts with a break between them (a driver's rest, or so that one trip never burns more than
 * the fuel gauge's rule allows).
 */
export function tripCuts(route: DayRoute, maxKm: number): TripCut[] {
  const marks: { km: number; kind?: StopKind }[] = [{ km: 0 }];
  for (const stop of [...route.stops].sort((a, b) => a.km - b.km)) {
    if (stop.km - marks.at(-1)!.km >= SAME_STOP_KM && route.length - stop.km >= SAME_STOP_KM) marks.push(stop);
  }
  marks.push({ km: route.length });
  const cuts: TripCut[] = [];
  for (let i = 1; i < marks.length; i++) {
    const from = marks[i - 1]!.km;
    const to = marks[i]!.km;
    const parts = Math.max(1, Math.ceil((to - from) / maxKm));
    for (let k = 0; k < parts; k++) {
      const last = k === parts - 1;
      cuts.push({
        fromKm: from + ((to - from) * k) / parts,
        toKm: last ? to : from + ((to - from) * (k + 1)) / parts,
        ...(last ? (marks[i]!.kind ? { stopAfter: marks[i]!.kind } : {}) : { stopAfter: "break" as const }),
      });
    }
  }
  return cuts;
}
