/**
 * Shared by the GPS Insight tests: accounts on the fake GPS Insight API (over real HTTP),
 * connections made through POST /connections, every page of a list endpoint, and the canonical
 * fleet mapped to the normalized model by the documented rules (independently of the adapter).
 */

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Faults } from "../fakes/accounts.ts";
import { type FleetOptions, GROUPS } from "../fakes/fleet.ts";
import { ALL_VEHICLES_GROUP, GROUP_IDS, gpsiIds, listedDrivers, listedVehicles } from "../fakes/gps-insight/render.ts";
import { listEvery } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { patchFakeAccount, registerFakeAccount } from "../helpers/fake-accounts";
import { BASE, call } from "../helpers/http";

export const DAY = 86_400_000;
export const KM_PER_MILE = 1.609344;
export const round2 = (value: number) => Math.round(value * 100) / 100;
export const iso = (ms: number) => new Date(ms).toISOString();

export type GpsInsightAccount = { username: string; password: string; credential: string; fleet: FleetOptions };

/** A new account on the fake (credential `username/password`), with its session policy. */
export async function createGpsInsightAccount(
  body: { vehicles?: number; faults?: Faults; sessions?: { ttlCalls?: number; ttlMs?: number } } = {},
): Promise<GpsInsightAccount> {
  const username = `user-${crypto.randomUUID().slice(0, 8)}`;
  const password = crypto.randomUUID();
  const credential = `${username}/${password}`;
  const vehicles = body.vehicles ?? 3;
  await registerFakeAccount(env.GPS_INSIGHT_BASE_URL as string, { credential, vehicles, faults: body.faults ?? {} });
  if (body.sessions) {
    const policy = await fetch(
      `${env.GPS_INSIGHT_BASE_URL}/__fake/gps-insight/accounts/${encodeURIComponent(credential)}/sessions`,
      {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body.sessions),
      },
    );
    expect(policy.status).toBe(200);
  }
  return { username, password, credential, fleet: { seed: credential, vehicles, revision: 0 } };
}

export async function patchGpsInsightAccount(account: GpsInsightAccount, patch: { faults?: Faults }) {
  return patchFakeAccount(env.GPS_INSIGHT_BASE_URL as string, account.credential, patch);
}

export async function gpsInsightStats(account: GpsInsightAccount) {
  const response = await fetch(
    `${env.GPS_INSIGHT_BASE_URL}/__fake/gps-insight/accounts/${encodeURIComponent(account.credential)}/stats`,
  );
  return (await response.json()) as { logins: number; expiredSessions: number; calls: Record<string, number> };
}

/** A GPS Insight connection as an application makes it (sandbox environment, manual sync mode). */
export async function connectGpsInsight(account: GpsInsightAccount, body: Record<string, unknown> = {}) {
  const app = await createTestApplication({ timeSeries: true });
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: {
      provider: "gps-insight",
      credentials: { username: account.username, password: account.password },
      syncMode: "manual",
      ...body,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { app, key, token: created.body.token as string, body: created.body };
}

/** Every result of a list endpoint (all pages), through the API. */
export const listAll = (path: string, key: string, token: string): Promise<any[]> => listEvery({ key, token }, path);

/** The canonical vehicles GPS Insight lists (those in service), as the API must answer them. */
export function expectedVehicles(fleet: FleetOptions) {
  return listedVehicles(fleet)
    .map((vehicle) => ({
      sourceId: gpsiIds.vehicle(vehicle.id),
      status: "active",
      name: vehicle.name,
      vin: vehicle.vin,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      licensePlate: vehicle.plate,
      fuelType: vehicle.fuelType,
      groupSourceIds: [
        String(ALL_VEHICLES_GROUP.group_id),
        ...vehicle.groupIds.map((id) => String(GROUP_IDS[id])),
      ].sort(),
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** The groups the listed vehicles are in: the all-vehicles group and their canonical groups (no hierarchy). */
export function expectedGroups(fleet: FleetOptions) {
  const used = new Set(listedVehicles(fleet).flatMap((vehicle) => vehicle.groupIds));
  return [
    { sourceId: String(ALL_VEHICLES_GROUP.group_id), name: ALL_VEHICLES_GROUP.label },
    ...GROUPS.filter((group) => used.has(group.id)).map((group) => ({
      sourceId: String(GROUP_IDS[group.id]),
      name: group.name,
    })),
  ].sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** The canonical drivers GPS Insight lists (those in service): names, email, phone (ten digits). */
export function expectedDrivers(fleet: FleetOptions) {
  return listedDrivers(fleet)
    .map((driver) => ({
      sourceId: String(gpsiIds.driver(driver.id)),
      status: "active",
      firstName: driver.firstName,
      lastName: driver.lastName,
      email: driver.email,
      phone: driver.phone.replace(/^\+1/, ""),
    }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
}

/** What the API answers for vehicles and drivers, in the same terms. */
export async function storedFleet(key: string, token: string) {
  const groupRecords = await listAll("/groups", key, token);
  const groupSource = new Map<string, string>(groupRecords.map((group) => [group.id, group.sourceId]));
  const groups = groupRecords
    .map(({ sourceId, name, parent }) => ({ sourceId, name, ...(parent !== undefined ? { parent } : {}) }))
    .sort((a, b) => a.sourceId.localeCompare(b.sourceId));
  const vehicles = (await listAll("/vehicles", key, token))
    .map(({ sourceId, status, name, vin, make, model, year, licensePlate, fuelType, groups: ids }) => ({
      sourceId,
      status,
      name,
      vin,
      make,
      model,
      year,
      licensePlate,
      fuelType,
      groupSourceIds: (ids as string[]).map((id) => groupSource.get(id) ?? `unknown:${id}`).sort(),
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
  return { groups, vehicles, drivers };
}
