/**
 * The platforms of the cross-provider contract beyond Samsara, Motive and Geotab
 * (contract-platforms.test.ts): how to put a fleet on each one's fake, connect to it through the
 * API and read back every family it serves, keyed by what the canonical fleet names (vehicle
 * names, driver emails), not by the provider's ids.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { type CanonicalVehicle, driversAt, type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import { listEvery } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, type SyncJob, waitForSync } from "../helpers/sync";
import { PRECISION, type Precision } from "./contract-platforms-precision";
import { TEST_QUOTAS } from "./webfleet-helpers";

export const DAY_MS = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString();
export const round2 = (value: number) => Math.round(value * 100) / 100;
export const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));
/**
 * A fixed fleet for its edge cases: Truck 1 (electric) and driver 3 (Truck 3's) are out of
 * service, Truck 3's return legs are private at Verizon and Truck 4's live location is.
 */
export const FLEET: FleetOptions = { seed: "contract-platforms-10", vehicles: 4, revision: 0 };
/** Two days of backfill cover yesterday (UTC) whole, the day every series is compared on. */
const BACKFILL_DAYS = 2;

export type Platform = {
  code: "verizon-reveal" | "webfleet" | "gps-insight" | "azuga" | "mix-telematics" | "teletrac-navman-360";
  baseUrl: () => string;
  /** The fake's account credential and the connection's credentials, for a fresh user. */
  user: (suffix: string) => { credential: string; credentials: Record<string, string> };
  /** What the fake's account takes beside the fleet. */
  account?: () => Record<string, unknown>;
};

export const PLATFORMS: readonly Platform[] = [
  {
    code: "verizon-reveal",
    baseUrl: () => env.VERIZON_BASE_URL as string,
    user: (suffix) => ({
      credential: `REST_contract_${suffix}/pw-${suffix}`,
      credentials: { username: `REST_contract_${suffix}`, password: `pw-${suffix}` },
    }),
  },
  {
    code: "webfleet",
    baseUrl: () => env.WEBFLEET_BASE_URL as string,
    user: (suffix) => ({
      credential: `fleet-${suffix}/api.${suffix}/pw-${suffix}`,
      credentials: { accountName: `fleet-${suffix}`, username: `api.${suffix}`, password: `pw-${suffix}` },
    }),
    // Webfleet's slow actions at the test bindings' raised quotas (WEBFLEET_*_PER_MINUTE).
    account: () => ({ quotas: TEST_QUOTAS }),
  },
  {
    code: "gps-insight",
    baseUrl: () => env.GPS_INSIGHT_BASE_URL as string,
    user: (suffix) => ({
      credential: `contract-${suffix}/pw-${suffix}`,
      credentials: { username: `contract-${suffix}`, password: `pw-${suffix}` },
    }),
  },
  {
    code: "azuga",
    baseUrl: () => env.AZUGA_BASE_URL as string,
    user: (suffix) => ({
      credential: `contract-${suffix}@fleet.example/pw-${suffix}`,
      credentials: { username: `contract-${suffix}@fleet.example`, password: `pw-${suffix}` },
    }),
    // Azuga's one request a minute per endpoint, at the test bindings' AZUGA_REQUESTS_PER_MINUTE.
    account: () => ({ quotaPerMinute: Number(env.AZUGA_REQUESTS_PER_MINUTE) }),
  },
  {
    code: "mix-telematics",
    baseUrl: () => env.MIX_BASE_URL as string,
    user: (suffix) => ({
      credential: `mix_contract_${suffix}/pw-${suffix}`,
      credentials: { username: `mix_contract_${suffix}`, password: `pw-${suffix}` },
    }),
    account: () => ({ name: "Contract Distribution" }),
  },
  {
    // TN360's stats poll at the test bindings' TN360_STATS_INTERVAL_SECONDS (1 s, not the 5 min of fair use).
    code: "teletrac-navman-360",
    baseUrl: () => env.TN360_BASE_URL as string,
    user: (suffix) => ({
      credential: `contract-${suffix}@fleet.example/pw-${suffix}`,
      credentials: { username: `contract-${suffix}@fleet.example`, password: `pw-${suffix}` },
    }),
    account: () => ({ name: "Contract Couriers" }),
  },
];

export type Synced = {
  code: Platform["code"];
  job: SyncJob;
  /** Every record of a list endpoint (all pages). */
  get: (path: string) => Promise<any[]>;
};

/** Puts the fleet on the platform's fake, connects to it through the API and waits for the backfill. */
export async function syncPlatform(platform: Platform, fleet: FleetOptions, days: number): Promise<Synced> {
  const suffix = crypto.randomUUID().slice(0, 8);
  const { credential, credentials } = platform.user(suffix);
  const registered = await fetch(`${platform.baseUrl()}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...platform.account?.(), credential, ...fleet }),
  });
  expect(registered.status, platform.code).toBe(201);
  const app = await createTestApplication({ timeSeries: true });
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: { provider: platform.code, credentials, syncMode: "manual", backfill: { days } },
  });
  expect(created.status, `${platform.code} ${JSON.stringify(created.body)}`).toBe(201);
  const token = created.body.token as string;
  const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 90_000 });
  expect(job.status, `${platform.code}: ${job.failureReason}`).toBe("completed");
  return { code: platform.code, job, get: (path) => listEvery({ key, token }, path) };
}

/** One platform synced, and how to read its records in canonical terms. */
export type Context = {
  synced: Synced;
  precision: Precision;
  /** Yesterday, UTC: [from, from + 1 day). */
  from: number;
  window: string;
  /** The canonical vehicles (and drivers) the platform lists, and its vehicles by canonical id. */
  listed: CanonicalVehicle[];
  apiVehicleOf: Map<string, any>;
  /** API vehicle id → canonical vehicle id. */
  canonicalOf: Map<string, string>;
  /** The email of a record's driver (an unknown reference says so), and the one expected of a canonical driver. */
  driverOf: (record: { driver?: string }) => string | undefined;
  expectedDriver: (canonicalId: string | undefined, carried: boolean) => string | undefined;
};

/** Syncs the fleet from the platform's fake and reads back its vehicles and drivers. */
export async function contextOf(platform: Platform): Promise<Context> {
  const synced = await syncPlatform(platform, FLEET, BACKFILL_DAYS);
  const precision = PRECISION[platform.code];
  const from = Math.floor(Date.parse(synced.job.requestedAt) / DAY_MS) * DAY_MS - DAY_MS;
  const byName = new Map(vehiclesAt(FLEET).map((vehicle) => [vehicle.name, vehicle]));
  const vehicles = await synced.get("/vehicles");
  const drivers = await synced.get("/drivers");
  const canonicalOf = new Map(vehicles.map((vehicle) => [vehicle.id as string, byName.get(vehicle.name)?.id ?? "?"]));
  const emailOf = new Map(drivers.map((driver) => [driver.id as string, driver.email as string]));
  const canonicalDrivers = new Map(driversAt(FLEET).map((driver) => [driver.id, driver]));
  return {
    synced,
    precision,
    from,
    window: `startAt=${iso(from)}&endAt=${iso(from + DAY_MS)}`,
    listed: vehiclesAt(FLEET).filter((vehicle) => precision.outOfService.vehicles !== "omitted" || vehicle.active),
    apiVehicleOf: new Map(vehicles.map((vehicle) => [canonicalOf.get(vehicle.id)!, vehicle])),
    canonicalOf,
    driverOf: ({ driver }) => (driver === undefined ? undefined : (emailOf.get(driver) ?? `unknown driver ${driver}`)),
    expectedDriver: (canonicalId, carried) => {
      const driver = canonicalDrivers.get(canonicalId ?? "");
      const listed = driver && (precision.outOfService.drivers !== "omitted" || driver.active);
      return carried && listed ? driver.email : undefined;
    },
  };
}

/** A canonical record's status as the platform gives it. */
export const status = (active: boolean, rule: "omitted" | "active" | "inactive") =>
  active || rule !== "inactive" ? "active" : "inactive";
/** A number within a tolerance of the expected one. */
export const near = (actual: number | undefined, expected: number, tolerance: number, label: string) => {
  expect(actual, label).toBeTypeOf("number");
  expect(Math.abs(actual! - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
};
