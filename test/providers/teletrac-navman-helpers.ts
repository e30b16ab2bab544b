/**
 * Shared by the Teletrac Navman TN360 tests: accounts on the fake TN360 API and identity server
 * (reached over real HTTP), connections made through POST /connections, and the canonical fleet
 * as the API must answer it, mapped by hand from the documented shapes, independently of the
 * adapter's code.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { ReadRequest } from "../../src/providers/types";
import type { Faults } from "../fakes/accounts.ts";
import { type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import type { Tn360Options, Tn360Stats } from "../fakes/teletrac-navman/accounts.ts";
import { vehicleIdOf } from "../fakes/teletrac-navman/ids.ts";
import { listEvery } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { fakeAccountState, patchFakeAccount, registerFakeAccount } from "../helpers/fake-accounts";
import { BASE, call } from "../helpers/http";

export const PROVIDER_CODE = "teletrac-navman-360";
export const DAY_MS = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString();
export const round2 = (value: number) => Math.round(value * 100) / 100;

export type Tn360Account = {
  username: string;
  password: string;
  credential: string;
  name: string;
  vehicles: number;
  revision: number;
  faults: Faults;
} & Tn360Options;

const fakeUrl = () => env.TN360_BASE_URL as string;

/** Registers a customer account on the fake; its credential is `<username>/<password>`. */
export async function createTn360Account(
  options: Partial<Omit<Tn360Account, "credential">> = {},
): Promise<Tn360Account> {
  const username = options.username ?? `tn_${crypto.randomUUID().slice(0, 8)}@fleet.example`;
  const password = options.password ?? `pw-${crypto.randomUUID()}`;
  const account = {
    vehicles: 2,
    revision: 0,
    faults: {},
    name: "Acme Couriers",
    ...options,
    username,
    password,
    credential: `${username}/${password}`,
  };
  await registerFakeAccount(fakeUrl(), account);
  return account;
}

/** Changes an account's faults or token options; answers the account (with the faults injected so far). */
export async function patchTn360Account(account: Tn360Account, patch: { faults?: Faults } & Tn360Options) {
  return patchFakeAccount(fakeUrl(), account.credential, patch);
}

/** What the fake saw of an account: logins, expired tokens, requests, throttling. */
export async function tn360Stats(account: Tn360Account): Promise<Tn360Stats> {
  return (await fakeAccountState<{ tn360: { stats: Tn360Stats } }>(fakeUrl(), account.credential)).tn360.stats;
}

export const fleetOf = (account: Tn360Account): FleetOptions => ({
  seed: account.credential,
  vehicles: account.vehicles,
  revision: account.revision,
});

export const credentialsOf = (account: Tn360Account) => ({ username: account.username, password: account.password });

export function tn360ReadRequest(account: Tn360Account, extra: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: credentialsOf(account),
    options: {},
    connection: { id: `con_${crypto.randomUUID()}`, sourceId: null, createdAt: new Date() },
    pageSize: 200,
    ...extra,
  };
}

export type Tn360Connection = { key: string; token: string; id: string; body: any };

/** A connection made as an application would (sandbox environment, manual sync mode). */
export async function connectTn360(
  account: Tn360Account,
  body: Record<string, unknown> = {},
): Promise<Tn360Connection> {
  const app = await createTestApplication({ timeSeries: true });
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: { provider: PROVIDER_CODE, credentials: credentialsOf(account), syncMode: "manual", ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { key, token: created.body.token, id: created.body.id, body: created.body };
}

export const listAll = <T = any>(connection: Tn360Connection, path: string): Promise<T[]> =>
  listEvery<T>(connection, path);

/** The canonical vehicles as the API must answer them (by TN360 vehicle id; every listed one active). */
export function expectedVehicles(fleet: FleetOptions) {
  return vehiclesAt(fleet)
    .map((vehicle) => ({
      sourceId: String(vehicleIdOf(vehicle.id)),
      status: "active",
      name: vehicle.name,
      vin: vehicle.vin,
      licensePlate: { number: vehicle.plate.number, state: vehicle.plate.state },
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** The stored vehicles, reduced to the fields TN360 has, and their ids by source id. */
export async function storedVehicles(connection: Tn360Connection) {
  const vehicles = await listAll(connection, "/vehicles");
  return {
    vehicles: vehicles
      .map(({ sourceId, status, name, vin, licensePlate }) => ({ sourceId, status, name, vin, licensePlate }))
      .sort((a, b) => a.sourceId.localeCompare(b.sourceId)),
    ids: new Map<string, string>(vehicles.map((vehicle) => [vehicle.sourceId, vehicle.id])),
  };
}
