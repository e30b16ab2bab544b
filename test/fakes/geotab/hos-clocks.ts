/**
 * The Geotab fake's HOS clocks: `Get DutyStatusAvailability` (providers-families.md §3.3), the
 * canonical fleet's clocks now (../hos.ts `clocksOf`, the US 70-hour rules) as MyGeotab answers
 * them: a list with the one driver's availability, its durations TimeSpan strings (`d.` from 24
 * hours up, a fraction only when the ms are not whole seconds), no duty status. The search must
 * name the driver (`userSearch.id`), as MyGeotab requires; a driver with no hours of service (no
 * vehicle, or not a user of the fleet) gets an empty list. Drivers are the fake's users, whose
 * ids are the canonical ones, as DutyStatusLog's `driver` (hos.ts).
 */
import type { FakeAccount } from "../accounts.ts";
import { clocksOf, loggingDriverIds } from "../hos.ts";
import { type Json, timeSpan } from "./render.ts";
import { argumentError } from "./rpc.ts";

type Params = Record<string, any>;

/** The 70-hour cycle of `clocksOf`: what the driver has used of it is the limit less what is left. */
const CYCLE_MS = 70 * 3_600_000;

/** `Get DutyStatusAvailability` of an account's fleet, for the driver of `userSearch.id`. */
export function dutyStatusAvailability(account: FakeAccount, search: Params): Json[] {
  const driverId = search.userSearch?.id;
  if (typeof driverId !== "string" || driverId === "") {
    throw argumentError("DutyStatusAvailabilitySearch requires a userSearch with the driver's id.");
  }
  if (!loggingDriverIds(account.fleet).includes(driverId)) return [];
  const clocks = clocksOf(account.fleet, driverId, Date.now());
  return [
    {
      driver: { id: driverId },
      driving: timeSpan(clocks.drive),
      duty: timeSpan(clocks.shift),
      // The 14-hour window is both the on-duty time left in the day and the workday left.
      workday: timeSpan(clocks.shift),
      rest: timeSpan(clocks.break),
      cycle: timeSpan(clocks.cycle),
      // US rules ask no cycle rest (a Canadian one); the reference's US example sends zero.
      cycleRest: timeSpan(0),
      dutySinceCycleRest: timeSpan(CYCLE_MS - clocks.cycle),
      recap: [],
      availabilities: [],
      cycleAvailabilities: [],
      is16HourExemptionAvailable: true,
      isAdverseDrivingExemptionAvailable: true,
      isAdverseDrivingApplied: false,
      isOffDutyDeferralExemptionAvailable: false,
      isRailroadExemptionAvailable: false,
    },
  ];
}
