/**
 * Teletrac Navman TN360 end to end: POST /connections logs in at the fake TN360 identity server
 * (real HTTP), the sync runs through the real Durable Object and queue consumer, and what the API
 * then answers is the canonical fleet read through TN360's shapes: vehicles, latest locations
 * (local-offset times), breadcrumbs and trips paired from ignition events (`{data, meta}`, at most
 * 7 days a request). Tokens that expire by time or mid-sync, and throttling, lose nothing and
 * duplicate nothing; raw=true keeps TN360's own payloads.
 */
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { findProvider } from "../../src/providers/registry";
import { clearTokens } from "../../src/providers/teletrac-navman/tokens";
import { vehiclesAt } from "../fakes/fleet.ts";
import { latestOf, tripsBetween, tripsOfDay } from "../fakes/series.ts";
import { tripIdOf, vehicleIdOf } from "../fakes/teletrac-navman/ids.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { waitForLastSync } from "../helpers/sync";
import {
  connectTn360,
  createTn360Account,
  DAY_MS,
  expectedVehicles,
  fleetOf,
  iso,
  listAll,
  PROVIDER_CODE,
  patchTn360Account,
  round2,
  storedVehicles,
  type Tn360Account,
  type Tn360Connection,
  tn360ReadRequest,
  tn360Stats,
} from "./teletrac-navman-helpers";

const yesterday = () => {
  const from = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  return { from, to: from + DAY_MS };
};

/** The stored vehicles and yesterday's trips and breadcrumbs against the canonical ones. */
async function expectCanonical(connection: Tn360Connection, account: Tn360Account) {
  const fleet = fleetOf(account);
  const { vehicles, ids } = await storedVehicles(connection);
  expect(vehicles).toEqual(expectedVehicles(fleet));
  const { from, to } = yesterday();
  const trips = await listAll(connection, `/trips?startedAfter=${iso(from)}&startedBefore=${iso(to)}`);
  const canonicalTrips = vehiclesAt(fleet).flatMap((vehicle) => tripsOfDay(fleet, vehicle.id, from / DAY_MS));
  expect(trips).toHaveLength(canonicalTrips.length);
  expect(new Set(trips.map((trip) => trip.sourceId)).size).toBe(trips.length);
  for (const canonical of canonicalTrips) {
    const trip = trips.find((candidate) => candidate.sourceId === String(tripIdOf(canonical.id)));
    expect(trip, canonical.id).toMatchObject({
      provider: PROVIDER_CODE,
      vehicle: ids.get(String(vehicleIdOf(canonical.vehicleId))),
      startedAt: iso(canonical.startedAt),
      endedAt: iso(canonical.endedAt),
      startLocation: canonical.start,
      endLocation: canonical.end,
    });
  }
  for (const vehicle of vehiclesAt(fleet)) {
    const id = ids.get(String(vehicleIdOf(vehicle.id)))!;
    const points = await listAll(connection, `/vehicles/${id}/locations?startAt=${iso(from)}&endAt=${iso(to)}`);
    const expected = tripsOfDay(fleet, vehicle.id, from / DAY_MS).flatMap((trip) => trip.points);
    expect(points.map((point) => point.locatedAt)).toEqual(expected.map((point) => iso(point.time)));
    points.forEach((stored, index) => {
      const point = expected[index]!;
      expect(stored).toMatchObject({
        vehicle: id,
        location: { latitude: point.latitude, longitude: point.longitude },
        speed: round2(point.speedKmh),
        heading: point.heading,
      });
    });
  }
}

describe("Teletrac Navman 360: the provider", () => {
  it("asks for username and password, and says what it serves and what it does not yet", async () => {
    const app = await createTestApplication();
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const tn360 = providers.body.find((provider: { code: string }) => provider.code === PROVIDER_CODE);
    expect(tn360).toMatchObject({
      name: "Teletrac Navman 360",
      credentials: [
        { name: "username", type: "text", required: true },
        { name: "password", type: "password", required: true },
      ],
    });
    const read = (model: string) => tn360.supportedModels[model].supportedOperations.read;
    for (const model of ["Vehicle", "LatestVehicleLocation", "VehicleLocation", "Trip"]) {
      expect(read(model), model).toBe("supported");
    }
    for (const model of ["Driver", "Group", "SafetyEvent", "HOSLog"]) {
      expect(read(model), model).toBe("not_supported_by_terminal");
    }
    expect(read("IFTASummary")).toBe("not_supported_by_provider");
  });

  it("answers 422 invalid_credentials for a password TN360 refuses", async () => {
    const account = await createTn360Account();
    const app = await createTestApplication();
    const result = await call("POST", `${BASE.sandbox}/connections`, {
      key: app.keys.sandbox.secret,
      body: { provider: PROVIDER_CODE, credentials: { username: account.username, password: "wrong" } },
    });
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({ code: "invalid_credentials" });
  });

  it("logs in again before a short-lived token expires, never on an expired one", async () => {
    clearTokens();
    const account = await createTn360Account({ tokenTtlSeconds: 1 });
    const adapter = findProvider(PROVIDER_CODE)!;
    const request = tn360ReadRequest(account);
    expect((await adapter.readPage("vehicles", request)).items).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await adapter.readPage("vehicles", request)).items).toHaveLength(2);
    expect(await tn360Stats(account)).toMatchObject({ logins: 2, expiredTokens: 0 });
  });

  it("reads trips over more than 7 days in requests of at most 7, each trip once", async () => {
    clearTokens();
    const account = await createTn360Account({ vehicles: 1 });
    const adapter = findProvider(PROVIDER_CODE)!;
    const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const window = { start: new Date(end - 10 * DAY_MS), end: new Date(end) };
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await adapter.readPage("trips", {
        ...tn360ReadRequest(account),
        window,
        ...(cursor ? { cursor } : {}),
      });
      ids.push(...page.items.map((item) => adapter.normalize("trips", item).sourceId));
      cursor = page.nextCursor;
    } while (cursor);
    const expected = tripsBetween(fleetOf(account), ["veh-1"], end - 10 * DAY_MS, end).map((trip) =>
      String(tripIdOf(trip.id)),
    );
    expect(ids.sort()).toEqual(expected.sort());
    // The fake answers 400 beyond 7 days: every request stayed within them.
    expect((await tn360Stats(account)).requests["/v1/events"]).toBeGreaterThanOrEqual(2);
  });

  it("turns a 429 into rate_limited with its Retry-After", async () => {
    clearTokens();
    const account = await createTn360Account({ faults: { rateLimitRate: 1, retryAfterSeconds: 3 } });
    const error = await findProvider(PROVIDER_CODE)!
      .readPage("vehicles", tn360ReadRequest(account))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 3 });
  });
});

describe("Teletrac Navman 360: sync", () => {
  it("stores the canonical vehicles, latest locations, breadcrumbs and trips, with raw payloads", {
    timeout: 90_000,
  }, async () => {
    clearTokens();
    const account = await createTn360Account({ vehicles: 2 });
    const connection = await connectTn360(account, { backfill: { days: 1 } });
    expect(connection.body).toMatchObject({ provider: { code: PROVIDER_CODE }, status: "connected" });
    const job = await waitForLastSync(connection);
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    await expectCanonical(connection, account);
    const fleet = fleetOf(account);
    const { ids } = await storedVehicles(connection);
    const latest = await listAll(connection, "/vehicles/locations");
    expect(latest).toHaveLength(vehiclesAt(fleet).length);
    for (const vehicle of vehiclesAt(fleet)) {
      const location = latest.find((candidate) => candidate.vehicle === ids.get(String(vehicleIdOf(vehicle.id))));
      // The fake sends local time (-08:00 or -05:00); stored in UTC at the canonical instant.
      const canonical = latestOf(fleet, vehicle.id, Date.parse(location.locatedAt));
      expect(location.locatedAt).toBe(iso(canonical.time));
      expect(location).toMatchObject({
        provider: PROVIDER_CODE,
        location: { latitude: canonical.latitude, longitude: canonical.longitude },
        heading: canonical.heading,
        speed: round2(canonical.speedKmh),
      });
    }
    const [vehicle] = await listAll(connection, "/vehicles?raw=true");
    expect(vehicle.raw[0]).toMatchObject({
      provider: PROVIDER_CODE,
      schema: "/v1/vehicles",
      data: { id: Number(vehicle.sourceId), name: vehicle.name },
    });
    const [trip] = await listAll(connection, "/trips?raw=true");
    expect(trip.raw[0]).toMatchObject({
      schema: "/v1/events?types=ignition",
      data: { on: { type: "ignition", action: "ON" }, off: { type: "ignition", action: "OFF" } },
    });
    // One login served the verification and the whole sync.
    expect(await tn360Stats(account)).toMatchObject({ logins: 1, expiredTokens: 0 });
  });

  it("tokens expiring mid-sync and throttling (429): nothing lost, nothing duplicated", {
    timeout: 120_000,
  }, async () => {
    clearTokens();
    // A token serves 5 data calls here (the sync makes about 8): it expires mid-sync. One expiry is
    // enough: logins are paced evenly (10 a minute), so each one more costs the sync seconds.
    // The fake's dice are seeded by the faults: these throttle one of the sync's first requests.
    const account = await createTn360Account({
      vehicles: 2,
      tokenTtlCalls: 5,
      faults: { rateLimitRate: 0.18, retryAfterSeconds: 0.3 },
    });
    const connection = await connectTn360(account, { backfill: { days: 1 } });
    const job = await waitForLastSync(connection, 100_000);
    expect(job.status, job.failureReason).toBe("completed");
    await patchTn360Account(account, { faults: {} });
    await expectCanonical(connection, account);
    const stats = await tn360Stats(account);
    expect(stats.expiredTokens).toBeGreaterThanOrEqual(1);
    // Each refused token was replaced once: never a login per request.
    expect(stats.logins).toBe(stats.expiredTokens + 1);
    expect(stats.throttled).toBeGreaterThan(0);
  });
});
