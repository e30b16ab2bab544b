/**
 * Shared by the Verizon Connect Reveal tests: accounts on the fake Verizon API (reached over real
 * HTTP), connections made through POST /connections, what the API answers after a sync, and
 * what it must answer: the canonical fleet mapped by hand, independently of the adapter's code.
 */

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { ReadRequest } from "../../src/providers/types";
import type { Faults } from "../fakes/accounts.ts";
import { driversAt, type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import type { VerizonOptions, VerizonStats } from "../fakes/verizon/accounts.ts";
import { driverNumber, mpgOf, vehicleNumber } from "../fakes/verizon/ids.ts";
import { listEvery } from "../helpers/api-assertions";
import { createTestApplication, type TestApplication } from "../helpers/factories";
import { fakeAccountState, patchFakeAccount, registerFakeAccount } from "../helpers/fake-accounts";
import { BASE, call } from "../helpers/http";

export const DAY_MS = 86_400_000;
export const PROVIDER_CODE = "verizon-reveal";
export const round2 = (value: number) => Math.round(value * 100) / 100;
export const iso = (ms: number) => new Date(ms).toISOString();

export type VerizonAccount = {
  username: string;
  password: string;
  credential: string;
  vehicles: number;
  revision: number;
  faults: Faults;
} & VerizonOptions;

/** Registers a customer account on the fake; its credential is `<username>/<password>`. */
export async function createVerizonAccount(
  options: Partial<Omit<VerizonAccount, "credential">> = {},
): Promise<VerizonAccount> {
  const username = options.username ?? `REST_${crypto.randomUUID().slice(0, 8)}`;
  const password = options.password ?? `pw-${crypto.randomUUID()}`;
  const account = {
    vehicles: 4,
    revision: 0,
    faults: {},
    ...options,
    username,
    password,
    credential: `${username}/${password}`,
  };
  await registerFakeAccount(env.VERIZON_BASE_URL as string, account);
  return account;
}

/** Changes an account's faults or token options on the fake. */
export async function patchVerizonAccount(
  account: VerizonAccount,
  patch: { faults?: Faults; revision?: number } & VerizonOptions,
) {
  await patchFakeAccount(env.VERIZON_BASE_URL as string, account.credential, patch);
}

/** What the fake saw of an account: tokens issued and expired, requests, throttling. */
export async function verizonStats(
  account: VerizonAccount,
): Promise<VerizonStats & { injected: Record<string, number> }> {
  const body = await fakeAccountState<{ verizon: { stats: VerizonStats }; injected?: Record<string, number> }>(
    env.VERIZON_BASE_URL as string,
    account.credential,
  );
  return { ...body.verizon.stats, injected: body.injected ?? {} };
}

export const fleetOf = (account: VerizonAccount): FleetOptions => ({
  seed: account.credential,
  vehicles: account.vehicles,
  revision: account.revision,
});

export const credentialsOf = (account: VerizonAccount) => ({ username: account.username, password: account.password });

/** A read request of the adapter for the account (the adapter's reads, without the engine). */
export function verizonReadRequest(account: VerizonAccount, extra: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: credentialsOf(account),
    options: {},
    connection: { id: `con_${account.username}`, sourceId: null, createdAt: new Date() },
    pageSize: 200,
    ...extra,
  };
}

export type VerizonConnection = { app: TestApplication; key: string; token: string; id: string; body: any };

/** A connection made as an application would (sandbox environment, manual sync mode). */
export async function connectVerizon(
  account: VerizonAccount,
  body: Record<string, unknown> = {},
  appOptions: Parameters<typeof createTestApplication>[0] = {},
): Promise<VerizonConnection> {
  const app = await createTestApplication(appOptions);
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: { provider: PROVIDER_CODE, credentials: credentialsOf(account), syncMode: "manual", ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { app, key, token: created.body.token, id: created.body.id, body: created.body };
}

export { waitForLastSync } from "../helpers/sync";

/** Every result of a list endpoint, following `next` to the end. */
export const listAll = <T = any>(connection: VerizonConnection, path: string): Promise<T[]> =>
  listEvery<T>(connection, path);

/** The canonical vehicles as the API must answer them (by Verizon's vehicle number). */
export function expectedVehicles(fleet: FleetOptions) {
  return vehiclesAt(fleet)
    .map((vehicle) => ({
      sourceId: vehicleNumber(vehicle.id),
      status: "active",
      name: vehicle.name,
      vin: vehicle.vin,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      licensePlate: { number: vehicle.plate.number },
      ...(vehicle.fuelEfficiency !== undefined
        ? { fuelEfficiency: round2(mpgOf(Math.round(mpgOf(vehicle.fuelEfficiency) * 1e4) / 1e4)) }
        : {}),
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** The canonical drivers as the API must answer them (by Verizon's driver number). */
export function expectedDrivers(fleet: FleetOptions) {
  return driversAt(fleet)
    .map((driver) => ({
      sourceId: driverNumber(driver.id),
      status: "active",
      firstName: driver.firstName,
      lastName: driver.lastName,
      email: driver.email,
      phone: driver.phone,
      createdAt: iso(Date.parse(driver.createdAt)),
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** The stored vehicles and drivers, reduced to the fields Verizon has. */
export async function storedFleet(connection: VerizonConnection) {
  const [vehicles, drivers] = await Promise.all([listAll(connection, "/vehicles"), listAll(connection, "/drivers")]);
  return {
    vehicles: vehicles
      .map((vehicle) => {
        expect(vehicle.provider).toBe(PROVIDER_CODE);
        const { sourceId, status, name, vin, make, model, year, licensePlate, fuelEfficiency } = vehicle;
        return {
          sourceId,
          status,
          name,
          vin,
          make,
          model,
          year,
          licensePlate,
          ...(fuelEfficiency !== undefined ? { fuelEfficiency } : {}),
        };
      })
      .sort((a, b) => a.sourceId.localeCompare(b.sourceId)),
    drivers: drivers
      .map(({ sourceId, status, firstName, lastName, email, phone, createdAt }) => ({
        sourceId,
        status,
        firstName,
        lastName,
        email,
        phone,
        createdAt,
      }))
      .sort((a, b) => a.sourceId.localeCompare(b.sourceId)),
    ids: {
      vehicle: new Map<string, string>(vehicles.map((vehicle) => [vehicle.sourceId, vehicle.id])),
      driver: new Map<string, string>(drivers.map((driver) => [driver.sourceId, driver.id])),
    },
  };
}
