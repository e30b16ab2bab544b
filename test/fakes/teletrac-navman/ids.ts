/**
 * TN360 ids and times in the fake: numeric vehicle, event and trip ids, and the fleet's local
 * time zone on every ISO date-time (`2020-09-16T11:47:23.246+10:00` in the reference: the LA yard's
 * vehicles report at -08:00, the Atlanta yard's at -05:00), epoch ms on the events' `timeAt`.
 */
import { hash } from "../fleet.ts";
import { yardOf } from "../series.ts";

/** The integrator client the fake accepts (the test bindings' TN360_CLIENT_ID / TN360_CLIENT_SECRET). */
export const FAKE_TN360_CLIENT = { id: "tn360-test-client", secret: "tn360-test-secret" };

const indexOf = (id: string) => Number(id.replace(/^\D+-?/, "").split("-")[0]);

export const vehicleIdOf = (canonicalId: string) => 410_000 + indexOf(canonicalId);

/** The canonical vehicle of a TN360 vehicle id, if it is one. */
export function canonicalVehicleOf(id: string): string | undefined {
  const n = Number(id) - 410_000;
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? `veh-${n}` : undefined;
}

export const tripIdOf = (canonicalTripId: string) => 7_000_000_000 + hash("tn360-trip", canonicalTripId);
export const eventIdOf = (canonicalTripId: string, action: string) =>
  `${9_000_000_000 + hash("tn360-event", canonicalTripId, action)}`;
export const companyIdOf = (seed: string) => 3000 + (hash(seed, "company") % 1000);

/** The vehicle's local offset in minutes (fixed: the fake knows no daylight saving). */
export const offsetMinutesOf = (canonicalVehicleId: string) =>
  yardOf(canonicalVehicleId).longitude < -100 ? -480 : -300;

/** An instant in the vehicle's local time with its offset, milliseconds kept. */
export function localTime(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
