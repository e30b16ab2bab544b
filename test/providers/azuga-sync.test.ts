/**
 * Azuga end to end: POST /connections logs in to the fake Azuga API (real HTTP), the sync runs
 * through the real Durable Object and queue, and the API then answers the canonical fleet:
 * vehicles, drivers, latest locations, breadcrumbs and trips of the synced window. Also the
 * documented quota (429 on a second call to an endpoint within a minute), a token refused
 * mid-sync and injected throttling and faults: nothing lost, nothing duplicated.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { azugaAdapter } from "../../src/providers/azuga/adapter";
import { clearTokens } from "../../src/providers/azuga/tokens";
import { ProviderError } from "../../src/providers/errors";
import type { ReadRequest } from "../../src/providers/types";
import { azugaIds, listedVehicles } from "../fakes/azuga/render.ts";
import { breadcrumbsBetween, latestOf, tripsBetween } from "../fakes/series.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, type SyncJob, waitForSync } from "../helpers/sync";
import {
  type AzugaAccount,
  azugaStats,
  connectAzuga,
  createAzugaAccount,
  expectedDrivers,
  expectedVehicles,
  listAll,
  patchAzugaAccount,
  storedFleet,
} from "./azuga-helpers";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

/** Everything the connection stored equals the canonical fleet and series of the sync's window. */
async function expectCanonical(account: AzugaAccount, key: string, token: string, job: SyncJob) {
  const fleet = account.fleet;
  expect(await storedFleet(key, token)).toEqual({
    vehicles: expectedVehicles(fleet),
    drivers: expectedDrivers(fleet),
  });
  const from = startOfDay(Date.parse(job.startFrom!));
  const requested = Date.parse(job.requestedAt);
  const completed = Date.parse(job.completedAt!);
  const vehicles = await listAll("/vehicles", key, token);
  const idOf = new Map<string, string>(vehicles.map((vehicle) => [vehicle.sourceId, vehicle.id]));
  const canonicalIds = listedVehicles(fleet).map((vehicle) => vehicle.id);

  // Trips: every canonical trip of the window finished before the sync began, once; none other.
  const trips = await listAll("/trips", key, token);
  expect(new Set(trips.map((trip) => trip.sourceId)).size).toBe(trips.length);
  const canonicalTrips = tripsBetween(fleet, canonicalIds, from, completed).filter((trip) => trip.endedAt <= completed);
  const bySource = new Map(canonicalTrips.map((trip) => [azugaIds.trip(trip), trip]));
  for (const trip of trips) {
    const canonical = bySource.get(trip.sourceId);
    expect(canonical, trip.sourceId).toBeDefined();
    expect(trip).toMatchObject({
      vehicle: idOf.get(azugaIds.vehicle(canonical!.vehicleId)),
      startLocation: canonical!.start,
      endLocation: canonical!.end,
      startedAt: iso(canonical!.startedAt),
      endedAt: iso(canonical!.endedAt),
    });
    expect(Math.abs(trip.distance - canonical!.distanceKm)).toBeLessThanOrEqual(0.01);
  }
  const mustHave = canonicalTrips.filter((trip) => trip.endedAt <= requested);
  expect(mustHave.length).toBeGreaterThan(0);
  const storedIds = new Set(trips.map((trip) => trip.sourceId));
  for (const trip of mustHave) expect(storedIds.has(azugaIds.trip(trip)), azugaIds.trip(trip)).toBe(true);

  // Breadcrumbs: each vehicle's canonical points of the window up to the sync's start, in order, once.
  const window = `startAt=${iso(from)}&endAt=${iso(startOfDay(requested) + DAY)}`;
  for (const vehicleId of canonicalIds) {
    const points = await listAll(`/vehicles/${idOf.get(azugaIds.vehicle(vehicleId))}/locations?${window}`, key, token);
    const times = points.map((point) => point.locatedAt);
    expect(new Set(times).size).toBe(times.length);
    const canonical = breadcrumbsBetween(fleet, vehicleId, from, requested);
    const early = points.filter((point) => Date.parse(point.locatedAt) < requested);
    expect(early.map((point) => point.locatedAt)).toEqual(canonical.map((point) => iso(point.time)));
    early.forEach((point, index) => {
      expect(point.location).toEqual({ latitude: canonical[index]!.latitude, longitude: canonical[index]!.longitude });
      expect(Math.abs(point.speed - canonical[index]!.speedKmh)).toBeLessThanOrEqual(0.01);
    });
    expect(points.every((point) => Date.parse(point.locatedAt) <= completed)).toBe(true);
  }

  // Latest locations: the fleet as it stood at some instant of the sync.
  const latest = await listAll("/vehicles/locations", key, token);
  expect(latest.map((location) => location.vehicle).sort()).toEqual(
    canonicalIds.map((id) => idOf.get(azugaIds.vehicle(id))).sort(),
  );
  for (const location of latest) {
    const vehicleId = azugaIds.canonicalVehicle(vehicles.find((vehicle) => vehicle.id === location.vehicle).sourceId);
    const instants: number[] = [];
    for (let at = requested; at < Date.now(); at += 5_000) instants.push(at);
    instants.push(Date.now());
    const canonical = instants
      .map((at) => latestOf(fleet, vehicleId, at))
      .find((candidate) => iso(candidate.time) === location.locatedAt);
    expect(canonical, `${vehicleId} at ${location.locatedAt}`).toBeDefined();
    expect(location).toMatchObject({
      provider: "azuga",
      location: { latitude: canonical!.latitude, longitude: canonical!.longitude },
      engineState: canonical!.engineState,
    });
    expect(Math.abs(location.odometer - canonical!.odometerKm)).toBeLessThanOrEqual(0.01);
  }
}

const readRequest = (account: AzugaAccount): ReadRequest => ({
  context: { env },
  credentials: { username: account.username, password: account.password },
  options: {},
  connection: { id: "conn_azuga", sourceId: null, createdAt: new Date() },
  pageSize: 500,
});

describe("Azuga: connections", () => {
  it("asks for username and password (GET /providers) and says what it reads", async () => {
    const app = await createTestApplication();
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const provider = providers.body.find((candidate: { code: string }) => candidate.code === "azuga");
    expect(provider).toMatchObject({
      name: "Azuga",
      credentials: [
        { name: "username", type: "text", required: true },
        { name: "password", type: "password", required: true },
      ],
    });
    for (const model of ["Vehicle", "Driver", "LatestVehicleLocation", "VehicleLocation", "Trip"]) {
      expect(provider.supportedModels[model].supportedOperations.read, model).toBe("supported");
    }
    expect(provider.supportedModels.Group.supportedOperations.read).toBe("not_supported_by_terminal");
    expect(provider.supportedModels.Trailer.supportedOperations.read).toBe("not_supported_by_provider");
  });

  it("answers 422 invalid_credentials for a login Azuga refuses", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "azuga", credentials: { username: "nobody", password: "wrong" } },
    });
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({ code: "invalid_credentials" });
  });

  it("paces each endpoint at AZUGA_REQUESTS_PER_MINUTE (default 1)", () => {
    expect(azugaAdapter.requestPace.trackees).toEqual({ requests: 1, perSeconds: 60 });
    expect(azugaAdapter.paceFor(env).trackees).toEqual({ requests: 600, perSeconds: 60 });
    expect(azugaAdapter.paceBucket.trips).toBe("report-trip");
    expect(azugaAdapter.paceBucket.vehicleLocations).toBe("report-breadcrumb");
  });

  it("the documented quota: a second call to an endpoint within a minute is rate limited, with the wait", async () => {
    const account = await createAzugaAccount({ vehicles: 2, quotaPerMinute: 1 });
    const request = readRequest(account);
    const first = await azugaAdapter.readPage("vehicles", request);
    expect(first.items.map((item) => azugaAdapter.normalize("vehicles", item).sourceId).sort()).toEqual(
      expectedVehicles(account.fleet).map((vehicle) => vehicle.sourceId),
    );
    // Another endpoint has its own minute.
    expect((await azugaAdapter.readPage("drivers", request)).items.length).toBeGreaterThan(0);
    const refused = await azugaAdapter.readPage("vehicles", request).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ kind: "rate_limited" });
    const wait = (refused as ProviderError).retryAfterSeconds!;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await azugaStats(account)).throttled).toBe(1);
  });

  it("reads the trip report a page of `size` rows at a time, each trip once", async () => {
    const account = await createAzugaAccount({ vehicles: 3 });
    const start = startOfDay(Date.now()) - 3 * DAY;
    const window = { start: new Date(start), end: new Date(start + 2 * DAY) };
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await azugaAdapter.readPage("trips", {
        ...readRequest(account),
        pageSize: 3,
        window,
        ...(cursor ? { cursor } : {}),
      });
      ids.push(...page.items.map((item) => azugaAdapter.normalize("trips", item).sourceId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    const expected = tripsBetween(
      account.fleet,
      listedVehicles(account.fleet).map((vehicle) => vehicle.id),
      start,
      start + 2 * DAY,
    ).map(azugaIds.trip);
    expect(pages).toBeGreaterThan(1);
    expect(ids.sort()).toEqual(expected.sort());
  });
});

describe("Azuga: sync", () => {
  it("stores the canonical vehicles, drivers, latest locations, breadcrumbs and trips", async () => {
    const account = await createAzugaAccount({ vehicles: 3 });
    const { key, token } = await connectAzuga(account, { backfill: { days: 1 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 80_000 });
    expect(job.status, job.failureReason).toBe("completed");
    await expectCanonical(account, key, token, job);
    const [vehicle] = await listAll("/vehicles?raw=true", key, token);
    expect(vehicle.raw[0]).toMatchObject({
      provider: "azuga",
      schema: "/trackees.json",
      data: { trackeeId: vehicle.sourceId, name: vehicle.name },
    });
  }, 90_000);

  it("a token refused mid-sync is renewed (one login each), and nothing is lost or duplicated", async () => {
    const account = await createAzugaAccount({ vehicles: 2, tokenTtlCalls: 4 });
    clearTokens();
    const { key, token } = await connectAzuga(account, { backfill: { days: 1 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const stats = await azugaStats(account);
    expect(stats.expiredTokens).toBeGreaterThanOrEqual(1);
    // One login to verify, then one for each refused token: never a login per page.
    expect(stats.logins).toBe(stats.expiredTokens + 1);
    await expectCanonical(account, key, token, job);
  }, 90_000);

  it("throttling (429), server errors, truncated and duplicated answers are retried: nothing lost or duplicated", async () => {
    const account = await createAzugaAccount({
      vehicles: 2,
      faults: {
        rateLimitRate: 0.25,
        retryAfterSeconds: 1,
        serverErrorRate: 0.05,
        malformedRate: 0.04,
        duplicatePageRate: 0.3,
      },
    });
    const { key, token } = await connectAzuga(account, { backfill: { days: 1 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 80_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const injected = (await patchAzugaAccount(account, { faults: {} })).injected ?? {};
    expect(injected.rateLimit ?? 0).toBeGreaterThan(0);
    expect(injected.duplicatePage ?? 0).toBeGreaterThan(0);
    await expectCanonical(account, key, token, job);
  }, 90_000);
});
