/**
 * The cross-provider contract: the same canonical fleet, served by each fake provider in its
 * own shapes and units (Samsara: meters, mL, ms; Motive: wrapped items, metric or imperial;
 * Geotab: JSON-RPC, km, TimeSpan strings), synced end to end through POST /connections and
 * read through the API, normalizes to the same records — and to the canonical values.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { dayOf, driversAt, type FleetOptions, vehiclesAt } from "../fakes/fleet.ts";
import { walkPages } from "../helpers/api-assertions";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";

const DAY_MS = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

type Provider = {
  code: "samsara" | "motive" | "geotab";
  baseUrl: () => string;
  credential: (suffix: string) => string;
  credentials: (credential: string) => Record<string, string>;
};

const PROVIDERS: Provider[] = [
  {
    code: "samsara",
    baseUrl: () => env.SAMSARA_BASE_URL,
    credential: (suffix) => `samsara-contract-${suffix}`,
    credentials: (credential) => ({ apiToken: credential }),
  },
  {
    code: "motive",
    baseUrl: () => env.MOTIVE_BASE_URL,
    credential: (suffix) => `motive-contract-${suffix}`,
    credentials: (credential) => ({ apiKey: credential }),
  },
  {
    code: "geotab",
    baseUrl: () => env.GEOTAB_BASE_URL,
    credential: (suffix) => `contract_db_${suffix}/contract@fleet.example/secret-${suffix}`,
    credentials: (credential) => {
      const [database, username, password] = credential.split("/") as [string, string, string];
      return { database, username, password };
    },
  },
];

type Normalized = {
  vehicles: Map<string, { name?: string; status: string }>;
  drivers: string[];
  days: Map<string, { distance: number; fuelConsumed: number; driving: number; idling: number }>;
};

/** Syncs the fleet from one provider's fake and reads it back through the API, keyed by canonical facts (VIN, day). */
async function syncThrough(provider: Provider, fleet: FleetOptions, suffix: string): Promise<Normalized> {
  const credential = provider.credential(suffix);
  const registered = await fetch(`${provider.baseUrl()}/__fake/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ credential, seed: fleet.seed, vehicles: fleet.vehicles, revision: fleet.revision }),
  });
  expect(registered.status).toBe(201);
  const app = await createTestApplication();
  const key = app.keys.sandbox.secret;
  const created = await call("POST", `${BASE.sandbox}/connections`, {
    key,
    body: {
      provider: provider.code,
      credentials: provider.credentials(credential),
      syncMode: "manual",
      backfill: { days: 4 },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = created.body.token as string;
  const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
  expect(job.status, job.failureReason).toBe("completed");
  const get = (path: string) => (cursor?: string) =>
    call(
      "GET",
      `${BASE.sandbox}${path}${path.includes("?") ? "&" : "?"}limit=200${cursor ? `&cursor=${cursor}` : ""}`,
      { key, token },
    );
  const vehicles = (await walkPages<any>(get("/vehicles"))).all;
  const drivers = (await walkPages<any>(get("/drivers"))).all;
  const days = (await walkPages<any>(get("/vehicles/utilization?expand=vehicle"))).all;
  return {
    vehicles: new Map(vehicles.map((vehicle) => [vehicle.vin, { name: vehicle.name, status: vehicle.status }])),
    drivers: drivers.map((driver) => `${driver.firstName} ${driver.lastName} ${driver.status}`).sort(),
    days: new Map(
      days.map((day) => [
        `${day.vehicle.vin}|${day.startAt.slice(0, 10)}`,
        {
          distance: day.distance,
          fuelConsumed: day.fuelConsumed,
          driving: day.durations.driving,
          idling: day.durations.idling,
        },
      ]),
    ),
  };
}

describe("the same fleet through every provider", () => {
  it("normalizes to the same vehicles, drivers and utilization, equal to the canonical fleet", async () => {
    const suffix = crypto.randomUUID().slice(0, 8);
    const fleet: FleetOptions = { seed: `contract-${suffix}`, vehicles: 6, revision: 0 };
    const results = await Promise.all(PROVIDERS.map((provider) => syncThrough(provider, fleet, suffix)));

    const canonicalVehicles = vehiclesAt(fleet);
    const canonicalDrivers = driversAt(fleet)
      .map((driver) => `${driver.firstName} ${driver.lastName} ${driver.active ? "active" : "inactive"}`)
      .sort();
    const pastDays = [1, 2, 3].map((back) => new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10));

    for (const [index, result] of results.entries()) {
      const provider = PROVIDERS[index]!.code;
      expect([...result.vehicles.keys()].sort(), provider).toEqual(
        canonicalVehicles.map((vehicle) => vehicle.vin).sort(),
      );
      for (const vehicle of canonicalVehicles) {
        expect(result.vehicles.get(vehicle.vin), `${provider} ${vehicle.vin}`).toEqual({
          name: vehicle.name,
          // Samsara vehicles carry no status (providers.md 1.5): every one is active there.
          status: vehicle.active || provider === "samsara" ? "active" : "inactive",
        });
        for (const date of pastDays) {
          const day = dayOf(fleet, vehicle.id, date);
          expect(result.days.get(`${vehicle.vin}|${date}`), `${provider} ${vehicle.vin} ${date}`).toEqual({
            distance: round2(day.distanceKm),
            fuelConsumed: round2(day.fuelLiters),
            driving: day.drivingMs,
            idling: day.idlingMs,
          });
        }
      }
      expect(result.drivers, provider).toEqual(canonicalDrivers);
    }
  }, 120_000);
});
