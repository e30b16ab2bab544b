/**
 * Shared by the Azuga tests: accounts on the fake Azuga API (over real HTTP), connections made
 * through POST /connections, and the canonical fleet as the API must answer it (by the documented
 * rules, independently of the adapter).
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Faults } from "../fakes/accounts.ts";
import { azugaIds, listedDrivers, listedVehicles } from "../fakes/azuga/render.ts";
import type { FleetOptions } from "../fakes/fleet.ts";
import { createTestApplication } from "../helpers/factories";
import { patchFakeAccount, registerFakeAccount } from "../helpers/fake-accounts";
import { BASE, call } from "../helpers/http";
import { listAll } from "./gps-insight-helpers";

export { listAll };

export type AzugaAccount = { username: string; password: string; credential: string; fleet: FleetOptions };

/**
 * A new account on the fake (credential `username/password`). Its quota is the test bindings'
 * AZUGA_REQUESTS_PER_MINUTE (600) unless given: the adapter's pace and the fake's quota agree.
 */
export async function createAzugaAccount(
  body: { vehicles?: number; faults?: Faults; quotaPerMinute?: number; tokenTtlCalls?: number } = {},
): Promise<AzugaAccount> {
  const username = `user-${crypto.randomUUID().slice(0, 8)}@fleet.example`;
  const password = crypto.randomUUID();
  const credential = `${username}/${password}`;
  const vehicles = body.vehicles ?? 3;
  await registerFakeAccount(env.AZUGA_BASE_URL as string, {
    credential,
    vehicles,
    faults: body.faults ?? {},
    quotaPerMinute: body.quotaPerMinute ?? Number(env.AZUGA_REQUESTS_PER_MINUTE),
    ...(body.tokenTtlCalls !== undefined ? { tokenTtlCalls: body.tokenTtlCalls } : {}),
  });
  return { username, password, credential, fleet: { seed: credential, vehicles, revision: 0 } };
}

export async function patchAzugaAccount(account: AzugaAccount, patch: { faults?: Faults }) {
  return patchFakeAccount(env.AZUGA_BASE_URL as string, account.credential, patch);
}

export async function azugaStats(account: AzugaAccount) {
  const response = await fetch(
    `${env.AZUGA_BASE_URL}/__fake/azuga/accounts/${encodeURIComponent(account.credential)}/stats`,
  );
  return (await response.json()) as {
    logins: number;
    expiredTokens: number;
    throttled: number;
    calls: Record<string, number>;
  };
}

/** An Azuga connection as an application makes it (sandbox environment, manual sync mode). */
export async function connectAzuga(account: AzugaAccount, body: Record<string, unknown> = {}) {
  const app = await createTestApplication({ timeSeries: true });
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: {
      provider: "azuga",
      credentials: { username: account.username, password: account.password },
      syncMode: "manual",
      ...body,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { app, key, token: created.body.token as string };
}

/** The canonical vehicles Azuga lists (those in service). */
export function expectedVehicles(fleet: FleetOptions) {
  return listedVehicles(fleet)
    .map((vehicle) => ({
      sourceId: azugaIds.vehicle(vehicle.id),
      status: "active",
      name: vehicle.name,
      vin: vehicle.vin,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      licensePlate: { number: vehicle.plate.number },
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** The canonical drivers Azuga lists (those in service). */
export function expectedDrivers(fleet: FleetOptions) {
  return listedDrivers(fleet)
    .map((driver) => ({
      sourceId: azugaIds.driver(driver.id),
      status: "active",
      firstName: driver.firstName,
      lastName: driver.lastName,
      email: driver.email,
      phone: driver.phone,
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** What the API answers for vehicles and drivers, in the same terms. */
export async function storedFleet(key: string, token: string) {
  const vehicles = (await listAll("/vehicles", key, token))
    .map(({ sourceId, status, name, vin, make, model, year, licensePlate }) => ({
      sourceId,
      status,
      name,
      vin,
      make,
      model,
      year,
      licensePlate,
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
  const drivers = (await listAll("/drivers", key, token))
    .map(({ sourceId, status, firstName, lastName, email, phone }) => ({
      sourceId,
      status,
      firstName,
      lastName,
      email,
      phone,
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
  return { vehicles, drivers };
}
