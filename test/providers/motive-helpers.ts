/**
 * Shared by the Motive tests: accounts on the fake Motive API (reached over real HTTP),
 * connections made through POST /connections, what the API answers after a sync (with
 * references read back as provider source ids), and what it must answer: the canonical
 * fleet mapped to the normalized model by hand, independently of the adapter's code.
 */

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { ReadRequest } from "../../src/providers/types";
import type { Faults } from "../fakes/accounts.ts";
import {
  daysBetween,
  devicesAt,
  driversAt,
  type FleetOptions,
  GROUPS,
  safetyEventsBetween,
  vehiclesAt,
} from "../fakes/fleet.ts";
import { MOTIVE_EVENT_TYPES, mediaStateOf, motiveIds } from "../fakes/motive/ids.ts";
import { listEvery } from "../helpers/api-assertions";
import { createTestApplication, type TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import type { SyncWindow } from "../helpers/sync";

export const DAY_MS = 86_400_000;

/** Rounded to 2 decimals as the API rounds (wire-compat.md). */
export const round2 = (value: number) => Math.round(value * 100) / 100;

export type MotiveAccount = { credential: string; name: string; vehicles: number; revision: number; faults: Faults };

/** Registers a customer account on the fake Motive API; the credential is its API key. */
export async function createMotiveAccount(options: Partial<MotiveAccount> = {}): Promise<MotiveAccount> {
  const account = {
    credential: `mtv_${crypto.randomUUID().replaceAll("-", "")}`,
    name: `Fleet ${crypto.randomUUID().slice(0, 6)}`,
    vehicles: 4,
    revision: 0,
    faults: {},
    ...options,
  };
  const response = await fetch(`${env.MOTIVE_BASE_URL}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(201);
  return account;
}

/** Changes an account's revision or faults on the fake. */
export async function patchMotiveAccount(credential: string, patch: { revision?: number; faults?: Faults }) {
  const response = await fetch(`${env.MOTIVE_BASE_URL}/__fake/accounts/${encodeURIComponent(credential)}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(patch),
  });
  expect(response.status).toBe(200);
}

export const fleetOf = (account: MotiveAccount, revision = account.revision): FleetOptions => ({
  seed: account.credential,
  vehicles: account.vehicles,
  revision,
});

export type MotiveConnection = { app: TestApplication; key: string; token: string; id: string; body: any };

/** A Motive connection made as an application would (sandbox environment, manual sync mode). */
export async function connectMotive(
  account: MotiveAccount,
  body: Record<string, unknown> = {},
  appOptions: Parameters<typeof createTestApplication>[0] = {},
): Promise<MotiveConnection> {
  const app = await createTestApplication(appOptions);
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: { provider: "motive", credentials: { apiKey: account.credential }, syncMode: "manual", ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { app, key, token: created.body.token, id: created.body.id, body: created.body };
}

export { waitForLastSync } from "../helpers/sync";

/** Every result of a list endpoint, following `next` to the end. */
export const listAll = <T = any>(connection: MotiveConnection, path: string): Promise<T[]> =>
  listEvery<T>(connection, path);

/**
 * What the API holds for the connection, with our ids replaced by provider source ids (and
 * metadata left out), so it compares with the canonical fleet directly.
 */
export async function storedView(connection: MotiveConnection) {
  const [groups, vehicles, drivers, devices, utilization, events, ...everRead] = await Promise.all([
    listAll(connection, "/groups"),
    listAll(connection, "/vehicles"),
    listAll(connection, "/drivers"),
    listAll(connection, "/devices"),
    listAll(connection, "/vehicles/utilization"),
    listAll(connection, "/safety/events"),
    // History (utilization, events) may refer to records the provider has since removed.
    listAll(connection, "/vehicles?deleted=true"),
    listAll(connection, "/drivers?deleted=true"),
    listAll(connection, "/groups?deleted=true"),
    listAll(connection, "/devices?deleted=true"),
  ]);
  const sourceIds = new Map<string, string>(everRead.flat().map((record) => [record.id, record.sourceId]));
  const source = (id: string) => {
    const sourceId = sourceIds.get(id);
    expect(sourceId, `a listed record with id ${id}`).toBeDefined();
    return sourceId as string;
  };
  const bare = ({ id: _id, metadata: _metadata, provider, ...rest }: any) => {
    expect(provider).toBe("motive");
    return rest;
  };
  const bySourceId = (records: any[]) => records.sort((a, b) => Number(a.sourceId) - Number(b.sourceId));
  return {
    groups: bySourceId(
      groups.map((group) => ({ ...bare(group), ...(group.parent ? { parent: source(group.parent) } : {}) })),
    ),
    vehicles: bySourceId(
      vehicles.map((vehicle) => ({
        ...bare(vehicle),
        groups: vehicle.groups.map(source).sort(),
        devices: vehicle.devices.map(source).sort(),
      })),
    ),
    drivers: bySourceId(drivers.map((driver) => ({ ...bare(driver), groups: driver.groups.map(source) }))),
    devices: bySourceId(devices.map((device) => ({ ...bare(device), vehicle: source(device.vehicle) }))),
    utilization: utilization
      .map(({ provider, vehicle, ...rest }) => {
        expect(provider).toBe("motive");
        return { vehicle: source(vehicle), ...rest };
      })
      .sort(byVehicleDay),
    safetyEvents: bySourceId(
      events.map((event) => ({
        ...bare(event),
        vehicle: source(event.vehicle),
        ...(event.driver ? { driver: source(event.driver) } : {}),
      })),
    ),
  };
}

const byVehicleDay = (a: { vehicle: string; startAt: string }, b: { vehicle: string; startAt: string }) =>
  Number(a.vehicle) - Number(b.vehicle) || a.startAt.localeCompare(b.startAt);

const iso = (value: string) => new Date(value).toISOString();
const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The canonical fleet as the API must answer it for a Motive connection, mapped by hand:
 * integer ids as strings, `deactivated` → inactive, electric (`other` at Motive) without a fuel
 * type, no fuel economy or tank (Motive has none), drivers without groups (Motive lists membership
 * per group only), ELDs as the only devices, whole-day utilization rows, safety events of
 * [from, end of today) except speeding (a resource of its own at Motive).
 */
export function expectedView(fleet: FleetOptions, from: number, now = Date.now()) {
  const trackers = devicesAt(fleet).filter((device) => device.type === "tracker");
  const trackerOf = new Map(trackers.map((device) => [device.vehicleId, device]));
  const start = Math.floor(from / DAY_MS) * DAY_MS;
  const end = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const sid = (id: number) => String(id);
  return {
    groups: GROUPS.map((group) => ({
      sourceId: sid(motiveIds.group(group.id)),
      name: group.name,
      ...(group.parentId ? { parent: sid(motiveIds.group(group.parentId)) } : {}),
    })),
    vehicles: vehiclesAt(fleet)
      .map((vehicle) => {
        const tracker = trackerOf.get(vehicle.id);
        return {
          sourceId: sid(motiveIds.vehicle(vehicle.id)),
          status: vehicle.active ? "active" : "inactive",
          name: vehicle.name,
          vin: vehicle.vin,
          make: vehicle.make,
          model: vehicle.model,
          year: vehicle.year,
          licensePlate: { state: vehicle.plate.state, number: vehicle.plate.number },
          ...(vehicle.fuelType === "electric" ? {} : { fuelType: vehicle.fuelType }),
          groups: vehicle.groupIds.map((id) => sid(motiveIds.group(id))).sort(),
          devices: tracker ? [sid(motiveIds.eldDevice(tracker.id))] : [],
          createdAt: iso(vehicle.createdAt),
          updatedAt: iso(vehicle.updatedAt),
        };
      })
      .sort((a, b) => Number(a.sourceId) - Number(b.sourceId)),
    drivers: driversAt(fleet)
      .map((driver) => ({
        sourceId: sid(motiveIds.user(driver.id)),
        status: driver.active ? "active" : "inactive",
        firstName: driver.firstName,
        lastName: driver.lastName,
        email: driver.email,
        phone: driver.phone,
        username: driver.username,
        license: { state: driver.license.state, number: driver.license.number },
        groups: [],
        createdAt: iso(driver.createdAt),
        updatedAt: iso(driver.updatedAt),
      }))
      .sort((a, b) => Number(a.sourceId) - Number(b.sourceId)),
    devices: trackers
      .map((device) => ({
        sourceId: sid(motiveIds.eldDevice(device.id)),
        type: "tracker",
        vehicle: sid(motiveIds.vehicle(device.vehicleId)),
        description: "lbb-3",
        serialNumber: device.serial,
      }))
      .sort((a, b) => Number(a.sourceId) - Number(b.sourceId)),
    utilization: daysBetween(fleet, dayOfMs(start), dayOfMs(end))
      .map((day) => ({
        vehicle: sid(motiveIds.vehicle(day.vehicleId)),
        startAt: `${day.date}T00:00:00.000Z`,
        endAt: new Date(Date.parse(`${day.date}T00:00:00.000Z`) + DAY_MS).toISOString(),
        distance: round2(day.distanceKm),
        fuelConsumed: round2(day.fuelLiters),
        durations: { driving: day.drivingMs, idling: day.idlingMs },
      }))
      .sort(byVehicleDay),
    safetyEvents: safetyEventsBetween(fleet, start, end)
      .filter((event) => MOTIVE_EVENT_TYPES[event.type] !== undefined)
      .map((event) => {
        const media = mediaStateOf(event);
        const front = `${motiveIds.event(event)}-front_facing`;
        return {
          sourceId: sid(motiveIds.event(event)),
          type: event.type,
          sourceType: MOTIVE_EVENT_TYPES[event.type],
          driver: sid(motiveIds.user(event.driverId)),
          vehicle: sid(motiveIds.vehicle(event.vehicleId)),
          startLocation: event.location,
          startedAt: iso(event.startedAt),
          endedAt: iso(event.endedAt),
          stats: { maximumSpeed: round2(event.maximumSpeedKmh) },
          cameraMedia:
            media === "video" || media === "image"
              ? { frontFacing: { sourceId: front, available: true } }
              : media === "pending"
                ? { frontFacing: { sourceId: front, available: false } }
                : {},
        };
      })
      .sort((a, b) => Number(a.sourceId) - Number(b.sourceId)),
  };
}

/**
 * Asserts the API holds exactly the canonical fleet for the window of the sync `job`: from its
 * start day to the end of the day it was requested (not of today, which differs when the test
 * crosses midnight UTC).
 */
export async function expectCanonicalFleet(connection: MotiveConnection, fleet: FleetOptions, job: SyncWindow) {
  const stored = await storedView(connection);
  const expected = expectedView(fleet, Date.parse(job.startFrom as string), Date.parse(job.requestedAt));
  expect(stored.groups).toEqual(expected.groups);
  expect(stored.vehicles).toEqual(expected.vehicles);
  expect(stored.drivers).toEqual(expected.drivers);
  expect(stored.devices).toEqual(expected.devices);
  expect(stored.utilization).toEqual(expected.utilization);
  expect(stored.safetyEvents).toEqual(expected.safetyEvents);
  return { stored, expected };
}

/** The first UTC day a sync with `backfill.days` covers: the start of the day `days` days ago. */
export const backfillStart = (days: number, now = Date.now()) => Math.floor((now - days * DAY_MS) / DAY_MS) * DAY_MS;

/** What the adapter is given to read the account's data directly (not through a connection): pages of 500 unless `extra` says. */
export function motiveReadRequest(account: MotiveAccount, extra: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: { apiKey: account.credential },
    options: {},
    connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
    pageSize: 500,
    ...extra,
  };
}
