import { J1939_DTCS, type J1939Dtc, type ObdDtc, obdDtcsFor } from "../dtc-table";
import type { VehicleProfile } from "../fleet-vehicles";
import { hash, Rng, SALT, unit } from "../hash";
import { pad } from "../ids";
import { DAY_MS, dayOf, dayString, HOUR_MS, SECOND_MS } from "../time";
import { pointOfTrip } from "./breadcrumbs";
import { dayBudget, vehicleTraits } from "./budget";
import { dayPlan } from "./day-plan";
import type { Segment } from "./day-timeline";
import type { LatLng } from "./geo";

/**
 * Diagnostic trouble codes, read from the same day plans as trips and breadcrumbs. A code is
 * set while the vehicle drives (at most one new occurrence a day), stays set while it keeps
 * driving, and clears during a drive of a later working day: most after a few days of drives,
 * about one in eight only on the first drive after a repair, weeks later. OBD-II codes are
 * `pending` on their first drive cycle and confirmed (`open`) on the next trip if the fault is
 * seen again; one in five is not, and clears on that trip instead. J1939 codes are active from
 * the start. A pure function of (seed, vehicle, day): deciding that a day sets no code is one
 * hash, and the working days alone (budget.ts, no route) say which day an occurrence clears.
 */

export type FaultStatus = "pending" | "open" | "closed";

export type SimDtc = { protocol: "j1939"; entry: J1939Dtc; occurrences: number } | { protocol: "obdii"; entry: ObdDtc };

/** One occurrence of a code on a vehicle, from its detection to its clearing (during drives, but at a shop for a few). */
export type SimFault = {
  id: string;
  vehicleId: string;
  dtc: SimDtc;
  openedAt: number;
  location: LatLng;
  /** When it became `open` (J1939: at once; OBD-II: the next drive cycle). Absent: never confirmed. */
  confirmedAt?: number;
  /** Always scheduled; the readers show it only once the fleet's clock has passed it. */
  closedAt: number;
};

/** Chance that a working day sets a new code: heavy diesels report more, and more finely. */
const J1939_DAILY_RATE = 0.12;
const OBD_DAILY_RATE = 0.06;
const REPAIR_SHARE = 0.12;
const OBD_CONFIRM_SHARE = 0.8;
/** How far ahead the working days that confirm or clear a code are looked for; repairs take at most MAX_REPAIR_DAYS. */
const SEARCH_DAYS = 14;
const MAX_REPAIR_DAYS = 40;
/** A code no drive cleared within the search is cleared at the shop, at this hour (UTC) of the next day. */
const SHOP_HOUR_MS = 16 * HOUR_MS;
/** How long an occurrence can last: how far back a window's first day looks for one still under way. */
export const FAULT_LOOK_BACK_DAYS = MAX_REPAIR_DAYS + SEARCH_DAYS + 2;

/** Whether a vehicle reports J1939 codes (heavy and medium diesels) or OBD-II ones (the others). */
export function faultProtocolOf(vehicle: VehicleProfile): "j1939" | "obdii" {
  const { vehicleClass } = vehicle.spec;
  const diesel = vehicle.spec.fuel === "diesel" || vehicle.spec.fuel === "hybrid_diesel";
  return diesel && (vehicleClass === "heavy" || vehicleClass === "medium") ? "j1939" : "obdii";
}

/**
 * The occurrence first detected on a vehicle's day, if any (opened by a trip within its life).
 * With `reaching`, an occurrence that clears on a day before that instant's is skipped before
 * any plan is built: how a window's look-back stays cheap.
 */
export function faultOpenedOn(
  seed: number,
  vehicle: VehicleProfile,
  day: number,
  reaching?: number,
): SimFault | undefined {
  const { index } = vehicle.record;
  const protocol = faultProtocolOf(vehicle);
  if (unit(seed, SALT.faultDay, index, day) >= (protocol === "j1939" ? J1939_DAILY_RATE : OBD_DAILY_RATE)) return;
  const traits = vehicleTraits(vehicle);
  const worked = (d: number) => dayBudget(seed, traits, d) !== undefined;
  if (!worked(day)) return;
  // Every draw is taken up front, in a fixed order, whatever the plans turn out to be.
  const rng = new Rng(hash(seed, SALT.fault, index, day));
  const repairDays = rng.chance(REPAIR_SHARE) ? rng.int(18, MAX_REPAIR_DAYS) : 0;
  const confirms = protocol === "j1939" || rng.chance(OBD_CONFIRM_SHARE);
  const clearsAfterDays = protocol === "j1939" ? rng.int(1, 4) : rng.int(2, 5);
  const dtc: SimDtc =
    protocol === "j1939"
      ? { protocol, entry: rng.weighted(J1939_DTCS), occurrences: rng.int(1, 3) }
      : { protocol, entry: rng.weighted(obdDtcsFor(vehicle.spec.fuel)) };
  const [tripDraw, openDraw, confirmDraw, clearTripDraw, clearDraw] = [
    rng.next(),
    rng.next(),
    rng.next(),
    rng.next(),
    rng.next(),
  ];

  // The working days that matter, from the budgets alone: the next one, and the one it clears on.
  const nextDay = workingDayAfter(worked, day, 1);
  const clearDay = !confirms
    ? nextDay
    : repairDays > 0
      ? workingDayAfter(worked, day + repairDays - 1, 1)
      : workingDayAfter(worked, day, clearsAfterDays);
  const shopDay = (repairDays > 0 && confirms ? day + repairDays : day) + SEARCH_DAYS;
  if (reaching !== undefined && (clearDay ?? shopDay + 1) < dayOf(reaching)) return;

  const plan = dayPlan(seed, vehicle, day);
  const trips = plan?.trips.filter((trip) => trip.start >= vehicle.createdAt) ?? [];
  if (!plan || trips.length === 0) return;
  const trip = trips[Math.floor(tripDraw * trips.length)]!;
  const ramp = Math.ceil(trip.motion!.ramp);
  const openS = Math.floor(ramp + openDraw * Math.max(0, (trip.end - trip.start) / SECOND_MS - 2 * ramp));
  const openedAt = trip.start + openS * SECOND_MS;
  const point = pointOfTrip(plan, trip, openedAt);
  // The next drive cycle: a later trip of the day, or the first of the next working day.
  const nextTrip = plan.trips[trip.trip + 1] ?? tripsOf(seed, vehicle, nextDay)[0];
  const shop = (shopDay + 1) * DAY_MS + SHOP_HOUR_MS;

  let confirmedAt: number | undefined = protocol === "j1939" ? openedAt : undefined;
  let closedAt: number;
  if (!confirms) {
    closedAt = detection(nextTrip, clearDraw) ?? shop;
  } else {
    confirmedAt ??= detection(nextTrip, confirmDraw);
    const clearTrips = tripsOf(seed, vehicle, clearDay);
    const clearTrip = repairDays > 0 ? clearTrips[0] : clearTrips[Math.floor(clearTripDraw * clearTrips.length)];
    closedAt = detection(clearTrip, clearDraw) ?? shop;
  }
  return {
    id: `sbx-flt-${pad(index)}-${dayString(day).replaceAll("-", "")}`,
    vehicleId: vehicle.id,
    dtc,
    openedAt,
    location: { lat: point.lat, lng: point.lng },
    ...(confirmedAt !== undefined && confirmedAt < closedAt ? { confirmedAt } : {}),
    closedAt,
  };
}

/** The occurrence's state at `t` and since when, or none before it was detected. */
export function faultStateAt(fault: SimFault, t: number): { status: FaultStatus; since: number } | undefined {
  if (t < fault.openedAt) return undefined;
  if (t >= fault.closedAt) return { status: "closed", since: fault.closedAt };
  if (fault.confirmedAt !== undefined && t >= fault.confirmedAt) return { status: "open", since: fault.confirmedAt };
  return { status: "pending", since: fault.openedAt };
}

/** The occurrences detected before `at` (that day or earlier) and not cleared before it. */
export function faultsUnderWayAt(seed: number, vehicle: VehicleProfile, at: number): SimFault[] {
  const faults: SimFault[] = [];
  for (let day = dayOf(at) - FAULT_LOOK_BACK_DAYS; day <= dayOf(at); day++) {
    const fault = faultOpenedOn(seed, vehicle, day, at);
    if (fault && fault.openedAt < at && fault.closedAt >= at) faults.push(fault);
  }
  return faults;
}

/** A monitor runs a few minutes into a drive cycle: when it sees (or stops seeing) the fault on this trip. */
function detection(trip: Segment | undefined, draw: number): number | undefined {
  if (!trip) return undefined;
  const seconds = Math.min(60 + Math.floor(draw * 840), (trip.end - trip.start) / SECOND_MS - 1);
  return trip.start + Math.max(1, seconds) * SECOND_MS;
}

/** The n-th working day after `day` (n ≥ 1), within the search. */
function workingDayAfter(worked: (day: number) => boolean, day: number, n: number): number | undefined {
  let left = n;
  for (let d = day + 1; d <= day + SEARCH_DAYS; d++) {
    if (worked(d) && --left === 0) return d;
  }
  return undefined;
}

function tripsOf(seed: number, vehicle: VehicleProfile, day: number | undefined): readonly Segment[] {
  return day === undefined ? [] : (dayPlan(seed, vehicle, day)?.trips ?? []);
}
