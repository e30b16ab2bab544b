/**
 * Helpers of the Geotab tests: accounts on the fake MyGeotab (over real HTTP), the adapter read
 * page by page, and the canonical fleet (test/fakes/fleet.ts) mapped to the normalized model by
 * the documented rules, independently of the fake's renderer: what every sync must store.
 */

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type {
  NormalizedDevice,
  NormalizedDriver,
  NormalizedGroup,
  NormalizedSafetyEvent,
  NormalizedUtilizationDay,
  NormalizedVehicle,
  SyncModel,
} from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import { geotabAdapter } from "../../src/providers/geotab/adapter";
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
import type { GeotabOptions, GeotabStats } from "../fakes/geotab/accounts.ts";
import { RULE_OF_TYPE } from "../fakes/geotab/render.ts";
import { listEvery } from "../helpers/api-assertions";
import type { TestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";

export const DAY = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

export type GeotabAccount = {
  credential: string;
  database: string;
  userName: string;
  password: string;
  fleet: FleetOptions;
  /** The credentials of POST /connections. */
  credentials: { username: string; password: string; database: string; server?: string };
};

/** A new account on the fake MyGeotab (credential `<database>/<userName>/<password>`). */
export async function createGeotabAccount(
  body: { vehicles?: number; revision?: number; faults?: Faults; seed?: string } & GeotabOptions = {},
): Promise<GeotabAccount> {
  const suffix = crypto.randomUUID().slice(0, 8);
  const database = `fleet_${suffix}`;
  const userName = `api.${suffix}@fleet.example`;
  const password = `pw-${crypto.randomUUID()}`;
  const credential = `${database}/${userName}/${password}`;
  const response = await fetch(`${env.GEOTAB_BASE_URL}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ credential, ...body }),
  });
  expect(response.status).toBe(201);
  return {
    credential,
    database,
    userName,
    password,
    fleet: { seed: body.seed ?? credential, vehicles: body.vehicles ?? 10, revision: body.revision ?? 0 },
    credentials: { username: userName, password, database },
  };
}

/** Changes an account on the fake (revision, faults, Geotab options). */
export async function patchGeotabAccount(
  account: GeotabAccount,
  body: { revision?: number; faults?: Faults } & GeotabOptions,
): Promise<void> {
  const response = await fetch(`${env.GEOTAB_BASE_URL}/__fake/accounts/${encodeURIComponent(account.credential)}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  if (body.revision !== undefined) account.fleet = { ...account.fleet, revision: body.revision };
}

/** What the fake saw of an account: authentications, data requests by host, calls by method. */
export async function geotabStats(account: GeotabAccount): Promise<GeotabStats> {
  const response = await fetch(`${env.GEOTAB_BASE_URL}/__fake/accounts/${encodeURIComponent(account.credential)}`);
  const body = (await response.json()) as { geotab: { stats: GeotabStats } };
  return body.geotab.stats;
}

/** A ReadRequest of the adapter for an account. */
export function readRequest(account: GeotabAccount, extra: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: account.credentials,
    options: {},
    connection: { id: "conn_test", sourceId: account.database, createdAt: new Date() },
    pageSize: 200,
    ...extra,
  };
}

/**
 * Every page of a model read straight from the adapter, as the sync engine would: a
 * rate-limited page is asked again after its Retry-After (GetFeed allows one call a second).
 */
export async function readAllPages(
  account: GeotabAccount,
  model: SyncModel,
  extra: Partial<ReadRequest> = {},
): Promise<{ items: unknown[]; pages: number; rateLimited: number }> {
  const items: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  let rateLimited = 0;
  do {
    let page: Awaited<ReturnType<typeof geotabAdapter.readPage>>;
    try {
      page = await geotabAdapter.readPage(model, readRequest(account, { ...extra, ...(cursor ? { cursor } : {}) }));
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== "rate_limited") throw error;
      rateLimited++;
      await new Promise((resolve) => setTimeout(resolve, (error.retryAfterSeconds ?? 1) * 1000));
      continue;
    }
    pages++;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return { items, pages, rateLimited };
}

// The canonical fleet as Geotab can carry it, normalized. Geotab's Device has no make, model,
// year, fuel type or tank; Users have no separate email (the login name is the email); only the
// GO device (the canonical tracker) is Geotab's; events carry no location, speed or camera.

export function expectedGroups(): NormalizedGroup[] {
  return GROUPS.map((group) => ({
    sourceId: group.id,
    name: group.name,
    ...(group.parentId ? { parentSourceId: group.parentId } : {}),
  }));
}

export function expectedVehicles(fleet: FleetOptions): NormalizedVehicle[] {
  return vehiclesAt(fleet).map((vehicle) => ({
    sourceId: vehicle.id,
    status: vehicle.active ? "active" : "inactive",
    name: vehicle.name,
    vin: vehicle.vin,
    licensePlate: { state: vehicle.plate.state, number: vehicle.plate.number },
    groupSourceIds: vehicle.groupIds,
    deviceSourceIds: [vehicle.id],
    createdAt: vehicle.createdAt,
  }));
}

export function expectedDrivers(fleet: FleetOptions): NormalizedDriver[] {
  return driversAt(fleet).map((driver) => ({
    sourceId: driver.id,
    status: driver.active ? "active" : "inactive",
    firstName: driver.firstName,
    lastName: driver.lastName,
    email: driver.email,
    phone: driver.phone,
    username: driver.email,
    license: driver.license,
    groupSourceIds: driver.groupIds,
    createdAt: driver.createdAt,
  }));
}

/** The Device record is the vehicle's: its `activeFrom` (the vehicle's creation) is the device's too. */
export function expectedDevices(fleet: FleetOptions): NormalizedDevice[] {
  const createdAt = new Map(vehiclesAt(fleet).map((vehicle) => [vehicle.id, vehicle.createdAt]));
  return devicesAt(fleet)
    .filter((device) => device.type === "tracker")
    .map((device) => ({
      sourceId: device.vehicleId,
      type: "tracker",
      vehicleSourceId: device.vehicleId,
      description: "GO9",
      serialNumber: device.serial,
      createdAt: createdAt.get(device.vehicleId)!,
    }));
}

/** Vehicle-days of [from, to) (YYYY-MM-DD). */
export function expectedDays(fleet: FleetOptions, from: string, to: string): NormalizedUtilizationDay[] {
  return daysBetween(fleet, from, to).map((day) => ({
    vehicleSourceId: day.vehicleId,
    date: day.date,
    startAt: day.startAt,
    endAt: day.endAt,
    distance: round2(day.distanceKm),
    fuelConsumed: round2(day.fuelLiters),
    durations: { driving: day.drivingMs, idling: day.idlingMs },
  }));
}

export function expectedEvents(fleet: FleetOptions, from: number, to: number): NormalizedSafetyEvent[] {
  return safetyEventsBetween(fleet, from, to).map((event) => ({
    sourceId: event.id,
    type: event.type,
    sourceType: RULE_OF_TYPE[event.type],
    driverSourceId: event.driverId,
    vehicleSourceId: event.vehicleId,
    startedAt: event.startedAt,
    endedAt: event.endedAt,
    cameraMedia: {},
  }));
}

export const bySourceId = <T extends { sourceId: string }>(records: readonly T[]) =>
  [...records].sort((a, b) => (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0));

/** Vehicle-days in (vehicle, date) order. */
export const byVehicleDay = <T extends { vehicleSourceId: string; date: string }>(days: readonly T[]) =>
  [...days].sort((a, b) => `${a.vehicleSourceId}|${a.date}`.localeCompare(`${b.vehicleSourceId}|${b.date}`));

/** A Geotab connection made through POST /connections in the sandbox environment, syncing manually. */
export async function createGeotabConnection(
  app: TestApplication,
  account: GeotabAccount,
  body: Record<string, unknown> = {},
) {
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key: app.keys.sandbox.secret,
    body: { provider: "geotab", credentials: account.credentials, syncMode: "manual", ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; token: string; sourceId?: string; account: any; [field: string]: any };
}

/** Every result of a list endpoint (all pages), through the API. */
export const listAll = (path: string, key: string, token: string): Promise<any[]> => listEvery({ key, token }, path);

/** One JSON-RPC call to the fake MyGeotab, as a test makes it (the call must be answered, error or not, with a 200). */
export async function geotabRpc(method: string, params: Record<string, unknown>) {
  const response = await fetch(`${env.GEOTAB_BASE_URL}/apiv1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method, params }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { result?: any; error?: any };
}
