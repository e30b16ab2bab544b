/**
 * Helpers of the Samsara tests: accounts on the fake Samsara (reached over real HTTP at
 * SAMSARA_BASE_URL), connections made through the API as an application would, reading every
 * page of a list through the API, and the canonical fleet as Samsara can carry it, mapped to
 * what the API should answer (the expectations, written from the canonical fleet, not from the
 * fake's payloads).
 */

import { env } from "cloudflare:workers";
import type { Faults } from "../fakes/accounts.ts";
import {
  type CanonicalDay,
  type CanonicalDriver,
  type CanonicalSafetyEvent,
  type CanonicalVehicle,
  devicesAt,
  type FleetOptions,
  GROUPS,
  vehiclesAt,
} from "../fakes/fleet.ts";
import { gForceOf, LABELS } from "../fakes/samsara/render.ts";
import { listEvery } from "../helpers/api-assertions";
import type { TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";

export type FakeAccountOptions = { vehicles?: number; revision?: number; faults?: Faults; name?: string };

/** A new account on the fake Samsara; its API token is also the fleet's seed. */
export async function createSamsaraAccount(options: FakeAccountOptions = {}) {
  const token = `samsara-${crypto.randomUUID()}`;
  const name = options.name ?? `Fleet ${token.slice(8, 16)}`;
  const response = await fetch(`${env.SAMSARA_BASE_URL}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      credential: token,
      name,
      vehicles: options.vehicles ?? 6,
      revision: options.revision ?? 0,
      faults: options.faults ?? {},
    }),
  });
  if (response.status !== 201) throw new Error(`fake account not created: ${response.status}`);
  const fleet: FleetOptions = { seed: token, vehicles: options.vehicles ?? 6, revision: options.revision ?? 0 };
  return { token, name, fleet };
}

/** Changes a fake account's revision or faults (PATCH /__fake/accounts/<token>). */
export async function patchSamsaraAccount(token: string, body: { revision?: number; faults?: Faults }) {
  const response = await fetch(`${env.SAMSARA_BASE_URL}/__fake/accounts/${encodeURIComponent(token)}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`fake account not patched: ${response.status}`);
}

/** Takes scopes away from a token (the fake then answers 403 on their endpoints). */
export async function denySamsaraScopes(token: string, denied: string[]) {
  await fetch(`${env.SAMSARA_BASE_URL}/__fake/samsara/scopes/${encodeURIComponent(token)}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ denied }),
  });
}

/** The next requests of a token answer these, in order ("429", "401", "403", "503", "malformed"). */
export async function scriptSamsara(token: string, responses: string[]) {
  await fetch(`${env.SAMSARA_BASE_URL}/__fake/samsara/script/${encodeURIComponent(token)}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ responses }),
  });
}

export type LoggedRequest = { path: string; query: Record<string, string>; status: number };

/** The requests the fake Samsara served a token, in order. */
export async function samsaraLog(token: string): Promise<LoggedRequest[]> {
  const response = await fetch(`${env.SAMSARA_BASE_URL}/__fake/samsara/log/${encodeURIComponent(token)}`);
  return ((await response.json()) as { requests: LoggedRequest[] }).requests;
}

export type RequestArrival = { path: string; at: number };

/** When each request the fake Samsara served a token arrived (ms since the epoch), in order. */
export async function samsaraArrivals(token: string): Promise<RequestArrival[]> {
  const response = await fetch(`${env.SAMSARA_BASE_URL}/__fake/samsara/arrivals/${encodeURIComponent(token)}`);
  return ((await response.json()) as { arrivals: RequestArrival[] }).arrivals;
}

/** A Samsara connection created through POST /connections in the sandbox environment. */
export async function connectSamsara(app: TestApplication, apiToken: string, body: Record<string, unknown> = {}) {
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key: app.keys.sandbox.secret,
    body: { provider: "samsara", credentials: { apiToken }, syncMode: "manual", ...body },
  });
  if (created.status !== 201)
    throw new Error(`connection not created: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as { id: string; token: string; sourceId?: string; account: any; [field: string]: any };
}

/** Every result of a list endpoint of the sandbox API, following `next`. */
export const listAll = <T = any>(key: string, token: string, path: string): Promise<T[]> =>
  listEvery<T>({ key, token }, path);

const bySourceId = <T extends { sourceId: string }>(items: T[]) =>
  [...items].sort((a, b) => a.sourceId.localeCompare(b.sourceId));
const sourceIds = (references: ({ sourceId: string } | string)[]) =>
  references.map((reference) => (typeof reference === "string" ? reference : reference.sourceId)).sort();
const round2 = (value: number) => Math.round(value * 100) / 100;
const DAY_MS = 86_400_000;

/** The API's vehicles (expand=groups,devices), reduced to what Samsara can carry. */
export const projectVehicles = (vehicles: any[]) =>
  bySourceId(
    vehicles.map(({ id: _id, metadata: _metadata, provider: _provider, groups, devices, ...rest }) => ({
      ...rest,
      groups: sourceIds(groups),
      devices: sourceIds(devices),
    })),
  );

/**
 * A canonical vehicle as Samsara carries it: every listed vehicle is active (Samsara has no
 * status), no fuel type, economy or tank, the plate without its state; devices by serial.
 */
export function expectedVehicles(fleet: FleetOptions) {
  const devices = devicesAt(fleet);
  return bySourceId(
    vehiclesAt(fleet).map((vehicle: CanonicalVehicle) => ({
      sourceId: vehicle.id,
      status: "active",
      name: vehicle.name,
      vin: vehicle.vin,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      licensePlate: { number: vehicle.plate.number },
      groups: [...vehicle.groupIds].sort(),
      devices: devices
        .filter((device) => device.vehicleId === vehicle.id)
        .map((device) => device.serial)
        .sort(),
      createdAt: vehicle.createdAt,
      updatedAt: vehicle.updatedAt,
    })),
  );
}

export const projectDrivers = (drivers: any[]) =>
  bySourceId(
    drivers.map(({ id: _id, metadata: _metadata, provider: _provider, groups, ...rest }) => ({
      ...rest,
      groups: sourceIds(groups),
    })),
  );

/** A canonical driver as Samsara carries it: no email; the name split back from one string. */
export function expectedDrivers(drivers: CanonicalDriver[]) {
  return bySourceId(
    drivers.map((driver) => ({
      sourceId: driver.id,
      status: driver.active ? "active" : "inactive",
      firstName: driver.firstName,
      lastName: driver.lastName,
      phone: driver.phone,
      username: driver.username,
      license: { state: driver.license.state, number: driver.license.number },
      groups: [...driver.groupIds].sort(),
      createdAt: driver.createdAt,
      updatedAt: driver.updatedAt,
    })),
  );
}

export const projectGroups = (groups: any[]) =>
  bySourceId(
    groups.map((group) => ({
      sourceId: group.sourceId,
      name: group.name,
      ...(group.parent ? { parent: group.parent.sourceId } : {}),
    })),
  );

export const expectedGroups = () =>
  bySourceId(
    GROUPS.map((group) => ({
      sourceId: group.id,
      name: group.name,
      ...(group.parentId ? { parent: group.parentId } : {}),
    })),
  );

export const projectDevices = (devices: any[]) =>
  bySourceId(
    devices.map(({ id: _id, metadata: _metadata, provider: _provider, vehicle, ...rest }) => ({
      ...rest,
      vehicle: vehicle?.sourceId,
    })),
  );

/** Gateways are trackers (model VG54NA, last connected when the vehicle last changed), dash cams are cameras (CM32). */
export function expectedDevices(fleet: FleetOptions) {
  const vehicles = new Map(vehiclesAt(fleet).map((vehicle) => [vehicle.id, vehicle]));
  return bySourceId(
    devicesAt(fleet).map((device) => ({
      sourceId: device.serial,
      type: device.type,
      vehicle: device.vehicleId,
      description: device.type === "tracker" ? "VG54NA" : "CM32",
      serialNumber: device.serial,
      ...(device.type === "tracker" ? { lastConnectedAt: vehicles.get(device.vehicleId)!.updatedAt } : {}),
    })),
  );
}

const dayKey = (vehicle: string, startAt: string) => `${vehicle}|${startAt}`;

export const projectUtilization = (days: any[]) =>
  days
    .map(({ provider: _provider, vehicle, ...rest }) => ({ vehicle: vehicle.sourceId, ...rest }))
    .sort((a, b) => dayKey(a.vehicle, a.startAt).localeCompare(dayKey(b.vehicle, b.startAt)));

/**
 * A canonical vehicle-day as the fuel-energy report carries it: metres and millilitres back to
 * km and litres (2 decimals), driving = engine run − idle; the whole UTC day (the report has no
 * trip times).
 */
export function expectedUtilization(days: CanonicalDay[]) {
  return days
    .map((day) => {
      const start = Date.parse(`${day.date}T00:00:00.000Z`);
      return {
        vehicle: day.vehicleId,
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + DAY_MS).toISOString(),
        distance: round2(day.distanceKm),
        fuelConsumed: round2(day.fuelLiters),
        durations: { driving: day.drivingMs, idling: day.idlingMs },
      };
    })
    .sort((a, b) => dayKey(a.vehicle, a.startAt).localeCompare(dayKey(b.vehicle, b.startAt)));
}

export const projectSafetyEvents = (events: any[]) =>
  bySourceId(
    events.map(({ id: _id, metadata: _metadata, provider: _provider, vehicle, driver, ...rest }) => ({
      ...rest,
      vehicle: vehicle?.sourceId,
      driver: driver?.sourceId,
    })),
  );

/** The reference of an event's road-facing camera. */
export const frontCamera = (eventId: string) => `${eventId}:dashcamRoadFacing`;

/**
 * A canonical event as a v2 safety event carries it: the top speed only on speeding events
 * (speedingMetadata), the fake's g-force on the others (forward-backward, side-to-side for
 * turns); the front camera referenced when the event has media.
 */
export function expectedSafetyEvents(events: CanonicalSafetyEvent[]) {
  return bySourceId(
    events.map((event) => ({
      sourceId: event.id,
      type: event.type,
      sourceType: LABELS[event.type],
      vehicle: event.vehicleId,
      driver: event.driverId,
      startLocation: event.location,
      startedAt: event.startedAt,
      endedAt: event.endedAt,
      stats:
        event.type === "speeding"
          ? { maximumSpeed: round2(event.maximumSpeedKmh) }
          : event.type === "harsh_turn"
            ? { gForceSideToSide: gForceOf(event) }
            : { gForceForwardBackward: gForceOf(event) },
      cameraMedia: event.media === "none" ? {} : { frontFacing: { sourceId: frontCamera(event.id), available: true } },
    })),
  );
}
