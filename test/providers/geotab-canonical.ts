/**
 * What a Geotab connection stored, against what the fake MyGeotab's fleet says it must be:
 * shared by the Geotab sync tests and the reliability suite.
 */
import { expect } from "vitest";
import { createTestApplication } from "../helpers/factories";
import type { SyncWindow } from "../helpers/sync";
import {
  bySourceId,
  byVehicleDay,
  createGeotabAccount,
  createGeotabConnection,
  DAY,
  expectedDays,
  expectedDevices,
  expectedDrivers,
  expectedEvents,
  expectedGroups,
  expectedVehicles,
  type GeotabAccount,
  listAll,
} from "./geotab-helpers";

export const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The records the API answers for a connection, in the normalized model's terms (source ids);
 * `provider`: the code the connection was made with (Geotab's, or a reseller's).
 */
export async function stored(key: string, token: string, provider = "geotab") {
  const [groups, vehicles, drivers, devices, days, events] = await Promise.all([
    listAll("/groups", key, token),
    listAll("/vehicles", key, token),
    listAll("/drivers", key, token),
    listAll("/devices", key, token),
    listAll("/vehicles/utilization", key, token),
    listAll("/safety/events", key, token),
  ]);
  const sourceIds = new Map<string, string>(
    [...groups, ...vehicles, ...drivers, ...devices].map((record) => [record.id, record.sourceId]),
  );
  const source = (id: string) => sourceIds.get(id) ?? `unknown:${id}`;
  for (const vehicle of vehicles) {
    for (const field of ["make", "model", "year", "fuelType", "fuelEfficiency", "fuelTankCapacity", "updatedAt"]) {
      expect(vehicle, field).not.toHaveProperty(field);
    }
    expect(vehicle.provider).toBe(provider);
  }
  return {
    groups: bySourceId(
      groups.map((group) => ({
        sourceId: group.sourceId,
        name: group.name,
        ...(group.description !== undefined ? { description: group.description } : {}),
        ...(group.parent !== undefined ? { parentSourceId: source(group.parent) } : {}),
      })),
    ),
    vehicles: bySourceId(
      vehicles.map((vehicle) => ({
        sourceId: vehicle.sourceId,
        status: vehicle.status,
        name: vehicle.name,
        vin: vehicle.vin,
        licensePlate: vehicle.licensePlate,
        groupSourceIds: vehicle.groups.map(source),
        deviceSourceIds: vehicle.devices.map(source),
        createdAt: vehicle.createdAt,
      })),
    ),
    drivers: bySourceId(
      drivers.map((driver) => ({
        sourceId: driver.sourceId,
        status: driver.status,
        firstName: driver.firstName,
        lastName: driver.lastName,
        email: driver.email,
        phone: driver.phone,
        username: driver.username,
        license: driver.license,
        groupSourceIds: driver.groups.map(source),
        createdAt: driver.createdAt,
      })),
    ),
    devices: bySourceId(
      devices.map((device) => ({
        sourceId: device.sourceId,
        type: device.type,
        vehicleSourceId: source(device.vehicle),
        description: device.description,
        serialNumber: device.serialNumber,
        createdAt: device.createdAt,
      })),
    ),
    days: byVehicleDay(
      days.map((day) => ({
        vehicleSourceId: source(day.vehicle),
        date: day.startAt.slice(0, 10),
        startAt: day.startAt,
        endAt: day.endAt,
        distance: day.distance,
        fuelConsumed: day.fuelConsumed,
        durations: day.durations,
      })),
    ),
    events: bySourceId(
      events.map((event) => ({
        sourceId: event.sourceId,
        type: event.type,
        sourceType: event.sourceType,
        driverSourceId: source(event.driver),
        vehicleSourceId: source(event.vehicle),
        startedAt: event.startedAt,
        endedAt: event.endedAt,
        cameraMedia: event.cameraMedia,
        ...(event.startLocation !== undefined ? { startLocation: event.startLocation } : {}),
        ...(event.stats !== undefined ? { stats: event.stats } : {}),
      })),
    ),
    raw: { vehicles, events },
  };
}

/**
 * What the sync `job` must have stored for the account's fleet: from its start day to the end
 * of the day it was requested (not of today, which differs when the test crosses midnight UTC).
 */
export function expected(account: GeotabAccount, job: SyncWindow) {
  const from = startOfDay(Date.parse(job.startFrom as string));
  const to = startOfDay(Date.parse(job.requestedAt)) + DAY;
  return {
    groups: bySourceId(expectedGroups()),
    vehicles: bySourceId(expectedVehicles(account.fleet)),
    drivers: bySourceId(expectedDrivers(account.fleet)),
    devices: bySourceId(expectedDevices(account.fleet)),
    days: byVehicleDay(expectedDays(account.fleet, isoDate(from), isoDate(to))),
    events: bySourceId(expectedEvents(account.fleet, from, to)),
  };
}

export function expectFleet(actual: Awaited<ReturnType<typeof stored>>, wanted: ReturnType<typeof expected>) {
  expect(actual.groups).toEqual(wanted.groups);
  expect(actual.vehicles).toEqual(wanted.vehicles);
  expect(actual.drivers).toEqual(wanted.drivers);
  expect(actual.devices).toEqual(wanted.devices);
  expect(actual.days).toEqual(wanted.days);
  expect(actual.events).toEqual(wanted.events);
}

export async function setup(
  accountBody: Parameters<typeof createGeotabAccount>[0],
  connectionBody: Record<string, unknown> = {},
  appOptions: Parameters<typeof createTestApplication>[0] = {},
) {
  const app = await createTestApplication(appOptions);
  const account = await createGeotabAccount(accountBody);
  const connection = await createGeotabConnection(app, account, connectionBody);
  const key = app.keys.sandbox.secret;
  return { app, account, connection, key, token: connection.token };
}
