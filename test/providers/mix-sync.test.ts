/**
 * MiX Telematics end to end: POST /connections logs in to the fake MiX identity server (real
 * HTTP), the sync runs through the real Durable Object and queue consumer, and what the API then
 * answers is the canonical fleet read through MiX Integrate's shapes: groups, vehicles, drivers,
 * latest locations, breadcrumbs and trips. Tokens that expire mid-sync, short-lived tokens
 * renewed with their refresh token, and throttling lose nothing and duplicate nothing.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { clearTokens } from "../../src/providers/mix-telematics/tokens";
import { findProvider } from "../../src/providers/registry";
import { vehiclesAt } from "../fakes/fleet.ts";
import { assetIdOf, driverIdOf, tripIdOf } from "../fakes/mix/ids.ts";
import { breadcrumbsBetween, latestOf, tripsOfDay } from "../fakes/series.ts";
import { createTestApplication } from "../helpers/factories";
import {
  BASE,
  call,
  connectMix,
  createMixAccount,
  DAY_MS,
  expectedDrivers,
  expectedGroups,
  expectedTrailers,
  expectedVehicles,
  fleetOf,
  iso,
  listAll,
  type MixAccount,
  type MixConnection,
  mixReadRequest,
  mixStats,
  PROVIDER_CODE,
  patchMixAccount,
  round2,
  storedFleet,
  storedTrailers,
  waitForLastSync,
  waitForSync,
} from "./mix-helpers";

const yesterday = () => {
  const from = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  return { from, to: from + DAY_MS };
};

/** The stored fleet and yesterday's series against the canonical ones. */
async function expectCanonical(connection: MixConnection, account: MixAccount) {
  const fleet = fleetOf(account);
  const stored = await storedFleet(connection);
  expect(stored.groups).toEqual(expectedGroups());
  expect(stored.vehicles).toEqual(expectedVehicles(fleet));
  expect(stored.drivers).toEqual(expectedDrivers(fleet));
  expect(await storedTrailers(connection)).toEqual(expectedTrailers(fleet));
  const { ids } = stored;
  const { from, to } = yesterday();
  const vehicles = vehiclesAt(fleet);
  const trips = await listAll(connection, `/trips?startedAfter=${iso(from)}&startedBefore=${iso(to)}`);
  const canonicalTrips = vehicles.flatMap((vehicle) => tripsOfDay(fleet, vehicle.id, from / DAY_MS));
  expect(trips).toHaveLength(canonicalTrips.length);
  expect(new Set(trips.map((trip) => trip.sourceId)).size).toBe(trips.length);
  for (const canonical of canonicalTrips) {
    const trip = trips.find((candidate) => candidate.sourceId === tripIdOf(canonical.id));
    const driver = canonical.driverId ? ids.driver.get(driverIdOf(canonical.driverId)) : undefined;
    expect(trip, canonical.id).toMatchObject({
      provider: PROVIDER_CODE,
      vehicle: ids.vehicle.get(assetIdOf(canonical.vehicleId)),
      ...(driver ? { driver } : {}),
      startedAt: iso(canonical.startedAt),
      endedAt: iso(canonical.endedAt),
      distance: round2(canonical.distanceKm),
      startLocation: canonical.start,
      endLocation: canonical.end,
    });
  }
  for (const vehicle of vehicles) {
    const id = ids.vehicle.get(assetIdOf(vehicle.id))!;
    const points = await listAll(connection, `/vehicles/${id}/locations?startAt=${iso(from)}&endAt=${iso(to)}`);
    const expected = tripsOfDay(fleet, vehicle.id, from / DAY_MS).flatMap((trip) => trip.points);
    expect(points.map((point) => point.locatedAt)).toEqual(expected.map((point) => iso(point.time)));
    points.forEach((stored, index) => {
      const point = expected[index]!;
      expect(stored).toMatchObject({
        vehicle: id,
        location: { latitude: point.latitude, longitude: point.longitude },
        speed: round2(point.speedKmh),
      });
    });
  }
}

describe("MiX Telematics: the provider", () => {
  it("asks for username, password and the optional data centre, and says what it serves", async () => {
    const app = await createTestApplication();
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const mix = providers.body.find((provider: { code: string }) => provider.code === PROVIDER_CODE);
    expect(mix).toMatchObject({
      name: "MiX Telematics",
      credentials: [
        { name: "username", type: "text", required: true },
        { name: "password", type: "password", required: true },
        { name: "region", type: "select", required: false },
      ],
    });
    for (const model of ["Group", "Vehicle", "Driver", "Trailer", "LatestVehicleLocation", "VehicleLocation", "Trip"]) {
      expect(mix.supportedModels[model].supportedOperations.read, model).toBe("supported");
    }
    expect(mix.supportedModels.HOSLog.supportedOperations.read).toBe("not_supported_by_terminal");
    expect(mix.supportedModels.VehicleStatLog.supportedOperations.read).toBe("not_supported_by_provider");
  });

  it("answers 422 invalid_credentials for a password MiX refuses", async () => {
    const account = await createMixAccount();
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: PROVIDER_CODE, credentials: { username: account.username, password: "wrong" } },
    });
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({ code: "invalid_credentials" });
  });

  it("renews a short-lived token with its refresh token, and logs in again when the refresh is refused", async () => {
    clearTokens();
    const account = await createMixAccount({ vehicles: 2, tokenTtlSeconds: 1 });
    const adapter = findProvider(PROVIDER_CODE)!;
    const request = mixReadRequest(account);
    expect((await adapter.readPage("vehicles", request)).items).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await adapter.readPage("drivers", request)).items.length).toBeGreaterThan(0);
    expect(await mixStats(account)).toMatchObject({ logins: 1, refreshes: 1, expiredTokens: 0 });
    await patchMixAccount(account, { refreshTokens: false });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await adapter.readPage("groups", request)).items).toHaveLength(4);
    expect(await mixStats(account)).toMatchObject({ logins: 2, refreshes: 1, expiredTokens: 0 });
  });

  it("reads 204 No Content as an empty list", async () => {
    clearTokens();
    const account = await createMixAccount({ vehicles: 0 });
    const adapter = findProvider(PROVIDER_CODE)!;
    const request = mixReadRequest(account);
    expect((await adapter.readPage("vehicles", request)).items).toEqual([]);
    expect((await adapter.readPage("latestVehicleLocations", request)).items).toEqual([]);
    const window = { start: new Date(Date.now() - DAY_MS), end: new Date() };
    const page = await adapter.readPage("trips", { ...request, window });
    expect(page.items).toEqual([]);
  });

  it("the fake pages the createdsince feed with HasMoreItems and GetSinceToken", async () => {
    const account = await createMixAccount({ vehicles: 1 });
    const base = env.MIX_BASE_URL as string;
    const login = await fetch(`${base}/core/connect/token`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa("mix-test-client:mix-test-secret")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "password",
        username: account.username,
        password: account.password,
        scope: "offline_access MiX.Integrate",
      }),
    });
    const { access_token: accessToken } = (await login.json()) as { access_token: string };
    const { from } = yesterday();
    let token = new Date(from).toISOString().replace(/\D/g, "").slice(0, 14);
    const seen: string[] = [];
    for (let pages = 0; pages < 100; pages++) {
      const response = await fetch(`${base}/api/positions/assets/createdsince/sincetoken/${token}/quantity/200`, {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
        body: `[${assetIdOf("veh-1")}]`,
      });
      const text = response.status === 204 ? "[]" : await response.text();
      seen.push(...(text.match(/"PositionId":(\d+)/g) ?? []));
      token = response.headers.get("GetSinceToken")!;
      if (response.headers.get("HasMoreItems") !== "true") break;
    }
    const fleet = fleetOf(account);
    const expected = breadcrumbsBetween(fleet, "veh-1", from + 1000, Date.now() + 1);
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("turns a 429 into rate_limited with its Retry-After", async () => {
    clearTokens();
    const account = await createMixAccount({ vehicles: 1, faults: { rateLimitRate: 1, retryAfterSeconds: 3 } });
    const error = await findProvider(PROVIDER_CODE)!
      .readPage("vehicles", mixReadRequest(account))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3 });
  });
});

describe("MiX Telematics: sync", () => {
  it("stores the canonical groups, vehicles, drivers, latest locations, breadcrumbs and trips", {
    timeout: 90_000,
  }, async () => {
    clearTokens();
    const account = await createMixAccount({ vehicles: 4 });
    const connection = await connectMix(account, { backfill: { days: 1 } }, { timeSeries: true });
    expect(connection.body).toMatchObject({
      provider: { code: PROVIDER_CODE, name: "MiX Telematics" },
      status: "connected",
      account: { name: "Acme Distribution" },
    });
    const job = await waitForLastSync(connection);
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    await expectCanonical(connection, account);
    const fleet = fleetOf(account);
    const stored = await storedFleet(connection);
    const latest = await listAll(connection, "/vehicles/locations");
    expect(latest).toHaveLength(vehiclesAt(fleet).length);
    for (const vehicle of vehiclesAt(fleet)) {
      const location = latest.find((candidate) => candidate.vehicle === stored.ids.vehicle.get(assetIdOf(vehicle.id)));
      const canonical = latestOf(fleet, vehicle.id, Date.parse(location.locatedAt));
      expect(location).toMatchObject({
        provider: PROVIDER_CODE,
        location: { latitude: canonical.latitude, longitude: canonical.longitude },
        heading: canonical.heading,
        speed: round2(canonical.speedKmh),
      });
    }
    // One login served the verification and the whole sync; the organisation was asked once for
    // the verification and once for the sync's pages, not once a page.
    const stats = await mixStats(account);
    expect(stats).toMatchObject({ logins: 1, expiredTokens: 0 });
    expect(stats.requests["/api/organisationgroups"]).toBe(2);
  });

  it("tokens expiring mid-sync and throttling (429): nothing lost, nothing duplicated", {
    timeout: 120_000,
  }, async () => {
    clearTokens();
    // A token serves 8 data calls here (a sync makes about 20): it expires several times mid-sync.
    const account = await createMixAccount({ vehicles: 2, tokenTtlCalls: 8 });
    const connection = await connectMix(account, { backfill: { days: 0 } }, { timeSeries: true });
    await waitForLastSync(connection);
    await patchMixAccount(account, { faults: { rateLimitRate: 0.2, retryAfterSeconds: 0.4, serverErrorRate: 0.05 } });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, {
      key: connection.key,
      token: connection.token,
      body: { days: 1 },
    });
    expect(sync.status, JSON.stringify(sync.body)).toBe(201);
    const { job } = await waitForSync(connection.key, connection.token, sync.body.id, { timeoutMs: 100_000 });
    expect(job.status, job.failureReason).toBe("completed");
    await patchMixAccount(account, { faults: {} });
    await expectCanonical(connection, account);
    const stats = await mixStats(account);
    expect(stats.expiredTokens).toBeGreaterThanOrEqual(2);
    // Each refused token was replaced once: never a login per request.
    expect(stats.logins).toBe(stats.expiredTokens + 1);
    expect(stats.throttled).toBeGreaterThan(0);
  });
});
