/**
 * Shared by the MiX Telematics tests: accounts on the fake MiX Integrate API (reached over real
 * HTTP), connections made through POST /connections, what the API answers after a sync, and
 * what it must answer: the canonical fleet mapped by hand, independently of the adapter's code.
 */

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { ReadRequest } from "../../src/providers/types";
import type { Faults } from "../fakes/accounts.ts";
import { driversAt, type FleetOptions, GROUPS, vehiclesAt } from "../fakes/fleet.ts";
import type { MixOptions, MixStats } from "../fakes/mix/accounts.ts";
import { assetIdOf, driverIdOf, groupIdOf, trailerAssetIdOf } from "../fakes/mix/ids.ts";
import { trailersAt } from "../fakes/trailers.ts";
import { listEvery } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { fakeAccountState, patchFakeAccount, registerFakeAccount } from "../helpers/fake-accounts";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";

export const DAY_MS = 86_400_000;
export const PROVIDER_CODE = "mix-telematics";
export const round2 = (value: number) => Math.round(value * 100) / 100;
export const iso = (ms: number) => new Date(ms).toISOString();

export type MixAccount = {
  username: string;
  password: string;
  credential: string;
  name: string;
  vehicles: number;
  revision: number;
  faults: Faults;
} & MixOptions;

const fakeUrl = () => env.MIX_BASE_URL as string;

/** Registers a customer account on the fake; its credential is `<username>/<password>`. */
export async function createMixAccount(options: Partial<Omit<MixAccount, "credential">> = {}): Promise<MixAccount> {
  const username = options.username ?? `mix_${crypto.randomUUID().slice(0, 8)}`;
  const password = options.password ?? `pw-${crypto.randomUUID()}`;
  const account = {
    vehicles: 4,
    revision: 0,
    faults: {},
    name: "Acme Distribution",
    ...options,
    username,
    password,
    credential: `${username}/${password}`,
  };
  await registerFakeAccount(fakeUrl(), account);
  return account;
}

export async function patchMixAccount(account: MixAccount, patch: { faults?: Faults; revision?: number } & MixOptions) {
  await patchFakeAccount(fakeUrl(), account.credential, patch);
}

/** What the fake saw of an account: logins, refreshes, expired tokens, requests, throttling. */
export async function mixStats(account: MixAccount): Promise<MixStats> {
  return (await fakeAccountState<{ mix: { stats: MixStats } }>(fakeUrl(), account.credential)).mix.stats;
}

export const fleetOf = (account: MixAccount): FleetOptions => ({
  seed: account.credential,
  vehicles: account.vehicles,
  revision: account.revision,
});

export const credentialsOf = (account: MixAccount) => ({ username: account.username, password: account.password });

export function mixReadRequest(account: MixAccount, extra: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: credentialsOf(account),
    options: {},
    connection: { id: `con_${account.username}`, sourceId: null, createdAt: new Date() },
    pageSize: 200,
    ...extra,
  };
}

export type MixConnection = { key: string; token: string; id: string; body: any };

/** A connection made as an application would (sandbox environment, manual sync mode). */
export async function connectMix(
  account: MixAccount,
  body: Record<string, unknown> = {},
  appOptions: Parameters<typeof createTestApplication>[0] = {},
): Promise<MixConnection> {
  const app = await createTestApplication(appOptions);
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: { provider: PROVIDER_CODE, credentials: credentialsOf(account), syncMode: "manual", ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { key, token: created.body.token, id: created.body.id, body: created.body };
}

export { waitForLastSync } from "../helpers/sync";

/** Every result of a list endpoint, following `next` to the end. */
export const listAll = <T = any>(connection: MixConnection, path: string): Promise<T[]> =>
  listEvery<T>(connection, path);

const bySource = <T extends { sourceId: string }>(items: T[]) =>
  items.sort((a, b) => a.sourceId.localeCompare(b.sourceId));

/** The canonical groups as MiX's tree gives them (below the organisation). */
export const expectedGroups = () =>
  bySource(
    GROUPS.map((group) => ({
      sourceId: groupIdOf(group.id),
      name: group.name,
      ...(group.parentId ? { parentSourceId: groupIdOf(group.parentId) } : {}),
    })),
  );

/** The canonical vehicles as the API must answer them (by MiX asset id). */
export function expectedVehicles(fleet: FleetOptions) {
  return bySource(
    vehiclesAt(fleet).map((vehicle) => ({
      sourceId: assetIdOf(vehicle.id),
      status: vehicle.active ? "active" : "inactive",
      name: vehicle.name,
      vin: vehicle.vin,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      licensePlate: { number: vehicle.plate.number },
      fuelType: vehicle.fuelType,
      ...(vehicle.tankCapacity ? { fuelTankCapacity: round2(vehicle.tankCapacity) } : {}),
      createdAt: iso(Math.floor(Date.parse(vehicle.createdAt) / 1000) * 1000),
    })),
  );
}

/** The canonical trailers as the API must answer them (MiX's trailer assets; no tractor link). */
export function expectedTrailers(fleet: FleetOptions) {
  return bySource(
    trailersAt(fleet).map((trailer) => ({
      sourceId: trailerAssetIdOf(trailer.id),
      status: trailer.active ? "active" : "inactive",
      name: trailer.name,
      vin: trailer.vin,
      serialNumber: trailer.serial,
      make: trailer.make,
      model: trailer.model,
      year: trailer.year,
      licensePlate: { number: trailer.plate.number },
    })),
  );
}

/** The stored trailers, reduced to the fields MiX has. */
export async function storedTrailers(connection: MixConnection) {
  return bySource(
    (await listAll(connection, "/trailers")).map(
      ({ sourceId, status, name, vin, serialNumber, make, model, year, licensePlate }) => ({
        sourceId,
        status,
        name,
        vin,
        serialNumber,
        make,
        model,
        year,
        licensePlate,
      }),
    ),
  );
}

/** The canonical drivers as the API must answer them (by MiX driver id; MiX's system driver left out). */
export function expectedDrivers(fleet: FleetOptions) {
  return bySource(
    driversAt(fleet).map((driver) => ({
      sourceId: driverIdOf(driver.id),
      status: "active",
      firstName: driver.firstName,
      lastName: driver.lastName,
      email: driver.email,
      phone: driver.phone,
    })),
  );
}

/** The stored groups, vehicles and drivers, reduced to the fields MiX has. */
export async function storedFleet(connection: MixConnection) {
  const [groups, vehicles, drivers] = await Promise.all([
    listAll(connection, "/groups"),
    listAll(connection, "/vehicles"),
    listAll(connection, "/drivers"),
  ]);
  const groupIds = new Map<string, string>(groups.map((group) => [group.id, group.sourceId]));
  return {
    groups: bySource(
      groups.map(({ sourceId, name, parent, parentId }) => {
        const parentRef = parentId ?? parent;
        return { sourceId, name, ...(parentRef ? { parentSourceId: groupIds.get(parentRef) ?? parentRef } : {}) };
      }),
    ),
    vehicles: bySource(
      vehicles.map((vehicle) => {
        expect(vehicle.provider).toBe(PROVIDER_CODE);
        const { sourceId, status, name, vin, make, model, year, licensePlate, fuelType, fuelTankCapacity, createdAt } =
          vehicle;
        return {
          sourceId,
          status,
          name,
          vin,
          make,
          model,
          year,
          licensePlate,
          fuelType,
          ...(fuelTankCapacity !== undefined ? { fuelTankCapacity } : {}),
          createdAt,
        };
      }),
    ),
    drivers: bySource(
      drivers.map(({ sourceId, status, firstName, lastName, email, phone }) => ({
        sourceId,
        status,
        firstName,
        lastName,
        email,
        phone,
      })),
    ),
    ids: {
      vehicle: new Map<string, string>(vehicles.map((vehicle) => [vehicle.sourceId, vehicle.id])),
      driver: new Map<string, string>(drivers.map((driver) => [driver.sourceId, driver.id])),
    },
  };
}

export { BASE, call, waitForSync };
