/** What a Samsara connection stored, against the canonical fleet: shared by the Samsara tests and the reliability suite. */
import { expect } from "vitest";
import { daysBetween, driversAt, type FleetOptions, safetyEventsBetween } from "../fakes/fleet.ts";
import type { SyncWindow } from "../helpers/sync";
import {
  expectedDevices,
  expectedDrivers,
  expectedGroups,
  expectedSafetyEvents,
  expectedUtilization,
  expectedVehicles,
  listAll,
  projectDevices,
  projectDrivers,
  projectGroups,
  projectSafetyEvents,
  projectUtilization,
  projectVehicles,
} from "./samsara-helpers";

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Everything the API answers equals the canonical fleet as Samsara carries it, over the window
 * of the sync `job`: from its start day to the end of the day it was requested (not of today,
 * which differs when the test crosses midnight UTC).
 */
export async function expectCanonical(key: string, token: string, fleet: FleetOptions, job: SyncWindow) {
  const startFrom = job.startFrom as string;
  expect(projectGroups(await listAll(key, token, "/groups?expand=parent"))).toEqual(expectedGroups());
  expect(projectVehicles(await listAll(key, token, "/vehicles?expand=groups,devices"))).toEqual(
    expectedVehicles(fleet),
  );
  expect(projectDrivers(await listAll(key, token, "/drivers?expand=groups"))).toEqual(
    expectedDrivers(driversAt(fleet)),
  );
  expect(projectDevices(await listAll(key, token, "/devices?expand=vehicle"))).toEqual(expectedDevices(fleet));
  const firstDay = dayOf(Math.floor(Date.parse(startFrom) / DAY_MS) * DAY_MS);
  const tomorrow = dayOf(Date.parse(job.requestedAt) + DAY_MS);
  expect(
    projectUtilization(await listAll(key, token, `/vehicles/utilization?startDate=${firstDay}&expand=vehicle`)),
  ).toEqual(expectedUtilization(daysBetween(fleet, firstDay, tomorrow)));
  const events = safetyEventsBetween(fleet, Date.parse(`${firstDay}T00:00:00Z`), Date.parse(`${tomorrow}T00:00:00Z`));
  expect(projectSafetyEvents(await listAll(key, token, "/safety/events?expand=vehicle,driver"))).toEqual(
    expectedSafetyEvents(events),
  );
}
