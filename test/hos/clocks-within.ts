/**
 * A provider's fake computes a driver's clocks at the instant it answers, which a test only
 * knows to be between the instants before and after its request.
 */
import { expect } from "vitest";
import type { FleetOptions } from "../fakes/fleet.ts";
import { clocksOf } from "../fakes/hos.ts";

export type ClockValues = { drive: number; shift: number; cycle: number; break: number };

/**
 * Passes when the clocks are the driver's canonical clocks at some ms of [from, to] (every ms is
 * tried, so a reset within the interval is no exception).
 */
export function expectClocksWithin(
  fleet: FleetOptions,
  driverId: string,
  clocks: ClockValues,
  from: number,
  to: number,
): void {
  const keys = ["drive", "shift", "cycle", "break"] as const;
  for (let now = from; now <= to; now++) {
    const wanted = clocksOf(fleet, driverId, now);
    if (keys.every((key) => wanted[key] === clocks[key])) return;
  }
  const { currentStatus: _status, ...atEnd } = clocksOf(fleet, driverId, to);
  expect(Object.fromEntries(keys.map((key) => [key, clocks[key]])), `${driverId} between ${from} and ${to}`).toEqual(
    atEnd,
  );
}
