/**
 * GPS Insight end to end: POST /connections logs in to the fake GPS Insight API (real HTTP), the
 * sync runs through the real Durable Object and queue, and the API then answers the canonical
 * fleet: vehicles, drivers, latest locations, breadcrumbs and trips of the synced window. Also
 * through a session that expires mid-sync and injected throttling, server errors, truncated and
 * duplicated answers: nothing lost, nothing duplicated.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { gpsInsightAdapter } from "../../src/providers/gps-insight/adapter";
import { clearSessions } from "../../src/providers/gps-insight/sessions";
import type { ReadRequest } from "../../src/providers/types";
import { gpsiIds, listedVehicles } from "../fakes/gps-insight/render.ts";
import { breadcrumbsBetween, latestOf, tripsBetween } from "../fakes/series.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, type SyncJob, waitForSync } from "../helpers/sync";
import {
  connectGpsInsight,
  createGpsInsightAccount,
  DAY,
  expectedDrivers,
  expectedGroups,
  expectedVehicles,
  type GpsInsightAccount,
  gpsInsightStats,
  iso,
  listAll,
  patchGpsInsightAccount,
  round2,
  storedFleet,
} from "./gps-insight-helpers";

const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

/** Everything the connection stored equals the canonical fleet and series of the sync's window. */
async function expectCanonical(account: GpsInsightAccount, key: string, token: string, job: SyncJob) {
  const fleet = account.fleet;
  expect(await storedFleet(key, token)).toEqual({
    groups: expectedGroups(fleet),
    vehicles: expectedVehicles(fleet),
    drivers: expectedDrivers(fleet),
  });
  const from = startOfDay(Date.parse(job.startFrom!));
  const requested = Date.parse(job.requestedAt);
  const completed = Date.parse(job.completedAt!);
  const vehicles = await listAll("/vehicles", key, token);
  const idOf = new Map<string, string>(vehicles.map((vehicle) => [vehicle.sourceId, vehicle.id]));
  const canonicalIds = listedVehicles(fleet).map((vehicle) => vehicle.id);

  // Trips: every canonical trip of the window finished before the sync began, once; none other
  // but those finishing while it ran.
  const trips = await listAll("/trips", key, token);
  expect(new Set(trips.map((trip) => trip.sourceId)).size).toBe(trips.length);
  const canonicalTrips = tripsBetween(fleet, canonicalIds, from, completed).filter((trip) => trip.endedAt <= completed);
  const bySource = new Map(
    canonicalTrips.map((trip) => [`${gpsiIds.vehicle(trip.vehicleId)}@${iso(trip.startedAt)}`, trip]),
  );
  for (const trip of trips) {
    const canonical = bySource.get(trip.sourceId);
    expect(canonical, trip.sourceId).toBeDefined();
    expect(trip).toMatchObject({
      vehicle: idOf.get(gpsiIds.vehicle(canonical!.vehicleId)),
      startLocation: canonical!.start,
      endLocation: canonical!.end,
      startedAt: iso(canonical!.startedAt),
      endedAt: iso(canonical!.endedAt),
    });
    expect(Math.abs(trip.distance - round2(canonical!.distanceKm))).toBeLessThanOrEqual(0.02);
  }
  const mustHave = canonicalTrips.filter((trip) => trip.endedAt <= requested);
  expect(mustHave.length).toBeGreaterThan(0);
  const storedIds = new Set(trips.map((trip) => trip.sourceId));
  for (const trip of mustHave)
    expect(storedIds.has(`${gpsiIds.vehicle(trip.vehicleId)}@${iso(trip.startedAt)}`)).toBe(true);

  // Breadcrumbs: each vehicle's canonical points of the window up to the sync's start, in order, once.
  const window = `startAt=${iso(from)}&endAt=${iso(startOfDay(requested) + DAY)}`;
  for (const vehicleId of canonicalIds) {
    const points = await listAll(`/vehicles/${idOf.get(gpsiIds.vehicle(vehicleId))}/locations?${window}`, key, token);
    const times = points.map((point) => point.locatedAt);
    expect(new Set(times).size).toBe(times.length);
    const canonical = breadcrumbsBetween(fleet, vehicleId, from, requested);
    const early = points.filter((point) => Date.parse(point.locatedAt) < requested);
    expect(early.map((point) => point.locatedAt)).toEqual(canonical.map((point) => iso(point.time)));
    early.forEach((point, index) => {
      expect(point.location).toEqual({ latitude: canonical[index]!.latitude, longitude: canonical[index]!.longitude });
      expect(Math.abs(point.speed - canonical[index]!.speedKmh)).toBeLessThanOrEqual(1);
    });
    expect(points.every((point) => Date.parse(point.locatedAt) <= completed)).toBe(true);
  }

  // Latest locations: the fleet as it stood at some instant of the sync.
  const latest = await listAll("/vehicles/locations", key, token);
  expect(latest.map((location) => location.vehicle).sort()).toEqual(
    canonicalIds.map((id) => idOf.get(gpsiIds.vehicle(id))).sort(),
  );
  for (const location of latest) {
    const vehicleId = gpsiIds.canonicalVehicle(vehicles.find((vehicle) => vehicle.id === location.vehicle).sourceId);
    const instants: number[] = [];
    for (let at = requested; at < Date.now(); at += 5_000) instants.push(at);
    instants.push(Date.now());
    const canonical = instants
      .map((at) => latestOf(fleet, vehicleId, at))
      .find((candidate) => iso(candidate.time) === location.locatedAt);
    expect(canonical, `${vehicleId} at ${location.locatedAt}`).toBeDefined();
    expect(location).toMatchObject({
      provider: "gps-insight",
      location: { latitude: canonical!.latitude, longitude: canonical!.longitude },
      engineState: canonical!.engineState,
    });
    expect(Math.abs(location.odometer - canonical!.odometerKm)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(location.speed - canonical!.speedKmh)).toBeLessThanOrEqual(1);
  }
}

describe("GPS Insight: connections", () => {
  it("asks for username and password (GET /providers) and says what it reads", async () => {
    const app = await createTestApplication();
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const provider = providers.body.find((candidate: { code: string }) => candidate.code === "gps-insight");
    expect(provider).toMatchObject({
      name: "GPS Insight",
      credentials: [
        { name: "username", type: "text", required: true },
        { name: "password", type: "password", required: true },
      ],
    });
    for (const model of ["Group", "Vehicle", "Driver", "LatestVehicleLocation", "VehicleLocation", "Trip"]) {
      expect(provider.supportedModels[model].supportedOperations.read, model).toBe("supported");
    }
    expect(provider.supportedModels.FaultCodeEvent.supportedOperations.read).toBe("not_supported_by_terminal");
    expect(provider.supportedModels.SafetyEvent.supportedOperations.read).toBe("not_supported_by_provider");
  });

  it("answers 422 invalid_credentials for a login GPS Insight refuses", async () => {
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: "gps-insight", credentials: { username: "nobody", password: "wrong" } },
    });
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({ code: "invalid_credentials" });
  });

  it("the adapter reads the fake's vehicles, and its trips one vehicle-day a page", async () => {
    const account = await createGpsInsightAccount({ vehicles: 2 });
    const request: ReadRequest = {
      context: { env },
      credentials: { username: account.username, password: account.password },
      options: {},
      connection: { id: "conn_test", sourceId: null, createdAt: new Date() },
      pageSize: 500,
    };
    const vehicles = await gpsInsightAdapter.readPage("vehicles", request);
    expect(vehicles.items.map((item) => gpsInsightAdapter.normalize("vehicles", item).sourceId).sort()).toEqual(
      expectedVehicles(account.fleet).map((vehicle) => vehicle.sourceId),
    );
    const start = startOfDay(Date.now()) - 2 * DAY;
    const window = { start: new Date(start), end: new Date(start + DAY) };
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await gpsInsightAdapter.readPage("trips", { ...request, window, ...(cursor ? { cursor } : {}) });
      ids.push(...page.items.map((item) => gpsInsightAdapter.normalize("trips", item).sourceId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    const listed = listedVehicles(account.fleet).map((vehicle) => vehicle.id);
    // A UTC day is two Arizona days: two pages a vehicle.
    expect(pages).toBe(2 * listed.length);
    expect(ids.sort()).toEqual(
      tripsBetween(account.fleet, listed, start, start + DAY)
        .map((trip) => `${gpsiIds.vehicle(trip.vehicleId)}@${iso(trip.startedAt)}`)
        .sort(),
    );
  });
});

describe("GPS Insight: the adapter's vehicle walk", () => {
  it("pages vehicles, groups and latest locations a few vehicles a page, each vehicle once", async () => {
    const account = await createGpsInsightAccount({ vehicles: 5 });
    const request: ReadRequest = {
      context: { env },
      credentials: { username: account.username, password: account.password },
      options: {},
      connection: { id: "conn_walk", sourceId: null, createdAt: new Date() },
      pageSize: 2,
    };
    const walk = async (model: "vehicles" | "groups" | "latestVehicleLocations") => {
      const pages: unknown[][] = [];
      let cursor: string | undefined;
      do {
        const page = await gpsInsightAdapter.readPage(model, { ...request, ...(cursor ? { cursor } : {}) });
        pages.push(page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return pages;
    };
    const listed = expectedVehicles(account.fleet);
    const vehiclePages = await walk("vehicles");
    expect(vehiclePages.length).toBe(Math.ceil(listed.length / 2));
    expect(vehiclePages.flat().map((item) => gpsInsightAdapter.normalize("vehicles", item))).toEqual(
      listed.map((vehicle) =>
        expect.objectContaining({
          sourceId: vehicle.sourceId,
          groupSourceIds: expect.arrayContaining(vehicle.groupSourceIds),
        }),
      ),
    );
    const groups = (await walk("groups")).flat().map((item) => gpsInsightAdapter.normalize("groups", item));
    expect(
      [...new Map(groups.map((group) => [group.sourceId, group])).values()].sort((a, b) =>
        a.sourceId.localeCompare(b.sourceId),
      ),
    ).toEqual(expectedGroups(account.fleet));
    const latest = (await walk("latestVehicleLocations")).flat();
    expect(latest.map((item) => gpsInsightAdapter.normalize("latestVehicleLocations", item).vehicleSourceId)).toEqual(
      listed.map((vehicle) => vehicle.sourceId),
    );
  });
});

describe("GPS Insight: sync", () => {
  it("stores the canonical vehicles, drivers, latest locations, breadcrumbs and trips", async () => {
    const account = await createGpsInsightAccount({ vehicles: 3 });
    const { key, token } = await connectGpsInsight(account, { backfill: { days: 1 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 80_000 });
    expect(job.status, job.failureReason).toBe("completed");
    await expectCanonical(account, key, token, job);
    // The vehicle list is asked once for the verification and once a minute by the sync (at most a
    // few times for a sync this short), not once for each of its vehicle-day pages.
    const { calls } = await gpsInsightStats(account);
    expect(calls["vehicle/list"]).toBeLessThanOrEqual(3);
    expect(calls["vehicle/history"]).toBeGreaterThanOrEqual(3);
    const [vehicle] = await listAll("/vehicles?raw=true", key, token);
    expect(vehicle.raw[0]).toMatchObject({
      provider: "gps-insight",
      schema: "vehicle/list+vehicle/listvehiclegroups",
      data: { vehicle: { id: vehicle.sourceId, label: vehicle.name }, groups: expect.any(Array) },
    });
  }, 90_000);

  it("a session expiring mid-sync is replaced (one login each), and nothing is lost or duplicated", async () => {
    const account = await createGpsInsightAccount({ vehicles: 2, sessions: { ttlCalls: 12 } });
    clearSessions();
    const { key, token } = await connectGpsInsight(account, { backfill: { days: 1 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const stats = await gpsInsightStats(account);
    expect(stats.expiredSessions).toBeGreaterThanOrEqual(1);
    // One login to verify, then one for each expired session: never a login per page.
    expect(stats.logins).toBe(stats.expiredSessions + 1);
    await expectCanonical(account, key, token, job);
  }, 90_000);

  it("throttling, server errors, truncated and duplicated answers are retried: nothing lost or duplicated", async () => {
    // Logins take no faults in the fake, so the account has them from the start.
    const account = await createGpsInsightAccount({
      vehicles: 2,
      faults: {
        rateLimitRate: 0.25,
        retryAfterSeconds: 0.3,
        serverErrorRate: 0.05,
        malformedRate: 0.04,
        duplicatePageRate: 0.3,
      },
    });
    const { key, token } = await connectGpsInsight(account, { backfill: { days: 1 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 80_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const injected = (await patchGpsInsightAccount(account, { faults: {} })).injected ?? {};
    expect(injected.rateLimit ?? 0).toBeGreaterThan(0);
    expect(injected.duplicatePage ?? 0).toBeGreaterThan(0);
    await expectCanonical(account, key, token, job);
  }, 90_000);
});
