/**
 * Helpers of the Webfleet tests: accounts on the fake WEBFLEET.connect (over real HTTP), the
 * adapter read page by page, connections through the API, and the canonical fleet mapped to the
 * normalized model by the documented rules (Webfleet's units and precision).
 */

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { SyncModel } from "../../src/model/normalized";
import { ProviderError } from "../../src/providers/errors";
import type { ReadRequest } from "../../src/providers/types";
import { webfleetAdapter } from "../../src/providers/webfleet/adapter";
import type { Faults } from "../fakes/accounts.ts";
import { driversAt, type FleetOptions, GROUPS, vehiclesAt } from "../fakes/fleet.ts";
import { tripsBetween } from "../fakes/series.ts";
import type { WebfleetOptions, WebfleetStats } from "../fakes/webfleet/accounts.ts";
import { driverNoOf, groupNameOf, tripIdOf } from "../fakes/webfleet/render.ts";
import { listEvery } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { fakeAccountState, patchFakeAccount, registerFakeAccount } from "../helpers/fake-accounts";
import { BASE, call } from "../helpers/http";

export const DAY = 86_400_000;
export const round2 = (value: number) => Math.round(value * 100) / 100;
export const iso = (ms: number) => new Date(ms).toISOString();

/** The quotas the test accounts are registered with: the adapter's (test bindings), 600 a minute for the slow actions. */
export const TEST_QUOTAS = { showTripReportExtern: 600, showTracks: 600, showObjectReportExtern: 600 };

export type WebfleetAccount = {
  credential: string;
  fleet: FleetOptions;
  credentials: { accountName: string; username: string; password: string };
};

/** A new account on the fake (credential `<account>/<username>/<password>`), with the test quotas unless given. */
export async function createWebfleetAccount(
  body: { vehicles?: number; revision?: number; faults?: Faults; seed?: string } & WebfleetOptions = {},
): Promise<WebfleetAccount> {
  const suffix = crypto.randomUUID().slice(0, 8);
  const credentials = {
    accountName: `fleet-${suffix}`,
    username: `api.${suffix}`,
    password: `pw-${crypto.randomUUID()}`,
  };
  const credential = `${credentials.accountName}/${credentials.username}/${credentials.password}`;
  await registerFakeAccount(env.WEBFLEET_BASE_URL as string, { credential, quotas: TEST_QUOTAS, ...body });
  return {
    credential,
    credentials,
    fleet: { seed: body.seed ?? credential, vehicles: body.vehicles ?? 10, revision: body.revision ?? 0 },
  };
}

export async function patchWebfleetAccount(account: WebfleetAccount, body: { faults?: Faults } & WebfleetOptions) {
  await patchFakeAccount(env.WEBFLEET_BASE_URL as string, account.credential, body);
}

/** What the fake saw of an account. */
export async function webfleetStats(
  account: WebfleetAccount,
): Promise<WebfleetStats & { injected: Record<string, number> }> {
  const body = await fakeAccountState<{ webfleet: { stats: WebfleetStats }; injected?: Record<string, number> }>(
    env.WEBFLEET_BASE_URL as string,
    account.credential,
  );
  return { ...body.webfleet.stats, injected: body.injected ?? {} };
}

export function readRequest(account: WebfleetAccount, extra: Partial<ReadRequest> = {}): ReadRequest {
  return {
    context: { env },
    credentials: account.credentials,
    options: {},
    connection: { id: "conn_test", sourceId: account.credentials.accountName, createdAt: new Date() },
    pageSize: 200,
    ...extra,
  };
}

/** Every page of a model read straight from the adapter; a rate-limited page is asked again after its wait. */
export async function readAllPages(account: WebfleetAccount, model: SyncModel, extra: Partial<ReadRequest> = {}) {
  const items: unknown[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    try {
      const page = await webfleetAdapter.readPage(
        model,
        readRequest(account, { ...extra, ...(cursor ? { cursor } : {}) }),
      );
      pages++;
      items.push(...page.items);
      cursor = page.nextCursor;
    } catch (error) {
      if (!(error instanceof ProviderError) || error.kind !== "rate_limited") throw error;
      await new Promise((resolve) => setTimeout(resolve, (error.retryAfterSeconds ?? 1) * 1000));
    }
  } while (cursor !== undefined);
  return { items, pages };
}

// The canonical fleet as Webfleet carries it, normalized: objects have a number, name, uid and
// groups only (no VIN, plate or make); groups are flat, known by name; drivers have one name, an
// email and a phone; every listed record is active.

export const expectedGroups = () => GROUPS.map((group) => ({ sourceId: group.name, name: group.name }));

export const expectedVehicles = (fleet: FleetOptions) =>
  vehiclesAt(fleet).map((vehicle) => ({
    sourceId: vehicle.id,
    status: "active",
    name: vehicle.name,
    groupSourceIds: vehicle.groupIds.map(groupNameOf),
    deviceSourceIds: [],
  }));

export const expectedDrivers = (fleet: FleetOptions) =>
  driversAt(fleet).map((driver) => ({
    sourceId: driver.id,
    status: "active",
    firstName: driver.firstName,
    lastName: driver.lastName,
    email: driver.email,
    phone: driver.phone,
    username: driverNoOf(driver.id),
    groupSourceIds: [],
  }));

/** Trips that started in [from, to): Webfleet ids, km from whole metres. */
export const expectedTrips = (fleet: FleetOptions, from: number, to: number) =>
  tripsBetween(
    fleet,
    vehiclesAt(fleet).map((vehicle) => vehicle.id),
    from,
    to,
  ).map((trip) => ({
    sourceId: String(tripIdOf(trip)),
    vehicleSourceId: trip.vehicleId,
    ...(trip.driverId ? { driverSourceId: trip.driverId } : {}),
    startLocation: trip.start,
    endLocation: trip.end,
    distance: round2(Math.round(trip.distanceKm * 1000) / 1000),
    startedAt: iso(trip.startedAt),
    endedAt: iso(trip.endedAt),
  }));

export const bySourceId = <T extends { sourceId: string }>(records: readonly T[]) =>
  [...records].sort((a, b) => (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0));

/** A Webfleet connection through POST /connections (sandbox, manual sync). */
export async function connectWebfleet(
  account: WebfleetAccount,
  body: Record<string, unknown> = {},
  appOptions: Parameters<typeof createTestApplication>[0] = {},
) {
  const app = await createTestApplication(appOptions);
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: { provider: "webfleet", credentials: account.credentials, syncMode: "manual", ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { app, key, token: created.body.token as string, connection: created.body };
}

/** Every result of a list endpoint (all pages), through the API. */
export const listAll = (path: string, key: string, token: string): Promise<any[]> => listEvery({ key, token }, path);
