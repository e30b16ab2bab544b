import type { RoutePoint } from "./polyline";

/** Why a vehicle stops between two trips. */
export type StopKind = "delivery" | "break";

/**
 * The road a vehicle drives on one working day, measured from where it starts that morning:
 * exactly the day's budgeted km long, with the stops its work calls for (day-relative km).
 */
export type DayRoute = {
  length: number;
  at(km: number): RoutePoint;
  stops: readonly { km: number; kind: StopKind }[];
};
