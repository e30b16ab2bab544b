/**
 * How the fake Verizon Connect names the canonical fleet: vehicles and drivers by their numbers
 * (the ids every path takes), the integrator app id it knows, and which trips are private.
 * Shared with the tests, which map the canonical fleet the same way.
 */
import type { CanonicalTrip } from "../series.ts";

/**
 * The one Atmosphere app id the fake accepts (US ids look like `fleetmatics-p-us-<40 chars>`):
 * the tests' and `npm start`'s VERIZON_APP_ID.
 */
export const FAKE_VERIZON_APP_ID = "fleetmatics-p-us-0000000000000000000000000000000000fake0001";

const indexOf = (canonicalId: string) => Number(canonicalId.slice(canonicalId.indexOf("-") + 1));

/** `veh-3` → `TRK-0003`: a dash, which clients encode as `%2D` in paths. */
export const vehicleNumber = (vehicleId: string) => `TRK-${String(indexOf(vehicleId)).padStart(4, "0")}`;

/** `drv-7` → `0007`: numbers with leading zeros, strings on the wire. */
export const driverNumber = (driverId: string) => String(indexOf(driverId)).padStart(4, "0");

/** The canonical vehicle of a number; undefined for a number the fake never gave. */
export function vehicleIdOf(number: string): string | undefined {
  const match = /^TRK-(\d{4,})$/.exec(number);
  return match ? `veh-${Number(match[1])}` : undefined;
}

/** The return leg of every third vehicle is driven in private mode: its points and ends are private. */
export const isPrivateTrip = (trip: Pick<CanonicalTrip, "id" | "vehicleId">) =>
  indexOf(trip.vehicleId) % 3 === 0 && trip.id.endsWith("-1");

/** Every fourth vehicle's live location is private (`IsPrivate: true`). */
export const hasPrivateLocation = (vehicleId: string) => indexOf(vehicleId) % 4 === 0;

/** Canonical time → Verizon's `YYYY-MM-DDTHH:mm:ss` (UTC without a zone). */
export const verizonTime = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** Litres per 100 km → US miles per gallon (also back: the conversion is its own inverse). */
export const mpgOf = (litresPer100Km: number) => 235.214583 / litresPer100Km;
