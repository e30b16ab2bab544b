/**
 * Webfleet end to end: POST /connections verifies with the fake WEBFLEET.connect, the first sync
 * runs through the real Durable Object and queue, and what the API then answers (vehicles,
 * drivers, trips, breadcrumbs, utilization, latest locations) is the canonical fleet read through
 * Webfleet's shapes and units; with quota answers and server errors injected mid-sync nothing is
 * lost or duplicated. Then the fake's fidelity as the adapter meets it: per-action quotas
 * (HTTP 200 + X-Webfleet-Errorcode), CSV by default, account-local times without useISO8601,
 * Basic auth, the API key, session locking.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/providers/errors";
import { webfleetAdapter } from "../../src/providers/webfleet/adapter";
import { breadcrumbsBetween, latestOf } from "../fakes/series.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import {
  bySourceId,
  connectWebfleet,
  createWebfleetAccount,
  DAY,
  expectedDrivers,
  expectedGroups,
  expectedTrips,
  expectedVehicles,
  iso,
  listAll,
  patchWebfleetAccount,
  readAllPages,
  readRequest,
  round2,
  type WebfleetAccount,
  webfleetStats,
} from "./webfleet-helpers";

const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

describe("connecting", () => {
  it("lists Webfleet with its credential form and the models it serves", async () => {
    const app = await createTestApplication();
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const webfleet = providers.body.find((provider: { code: string }) => provider.code === "webfleet");
    expect(webfleet).toMatchObject({ name: "Webfleet" });
    expect(webfleet.credentials.map((field: { name: string }) => field.name)).toEqual([
      "accountName",
      "username",
      "password",
    ]);
    const read = (model: string) => webfleet.supportedModels[model].supportedOperations.read;
    for (const model of [
      "Vehicle",
      "Driver",
      "LatestVehicleLocation",
      "Trip",
      "VehicleLocation",
      "VehicleUtilization",
    ]) {
      expect(read(model), model).toBe("supported");
    }
    expect(read("SafetyEvent")).toBe("not_supported_by_terminal");
    expect(read("CameraMedia")).toBe("not_supported_by_provider");
  });

  it("verifies the credentials: rejected ones are 422 invalid_credentials, good ones name the account", async () => {
    const account = await createWebfleetAccount({ vehicles: 1 });
    const app = await createTestApplication();
    const create = (credentials: Record<string, string>) =>
      call("POST", `${BASE.sandbox}/connections`, {
        key: app.keys.sandbox.secret,
        body: { provider: "webfleet", credentials, syncMode: "manual" },
      });
    const rejected = await create({ ...account.credentials, password: "wrong" });
    expect(rejected.status).toBe(422);
    expect(rejected.body.code).toBe("invalid_credentials");
    const missing = await create({ accountName: account.credentials.accountName, username: "x" });
    expect(missing.status).toBe(400);
    const created = await create(account.credentials);
    expect(created.status).toBe(201);
    expect(created.body.sourceId).toBe(account.credentials.accountName);
    expect(created.body.account).toMatchObject({ name: account.credentials.accountName });
  });
});

/** What the API holds after a sync, against the canonical fleet of the synced window. */
async function expectSynced(
  account: WebfleetAccount,
  key: string,
  token: string,
  job: { startFrom?: string; requestedAt: string; completedAt?: string },
) {
  const from = startOfDay(Date.parse(job.startFrom!));
  const to = startOfDay(Date.parse(job.requestedAt)) + DAY;
  const groups = await listAll("/groups", key, token);
  const vehicles = await listAll("/vehicles", key, token);
  const drivers = await listAll("/drivers", key, token);
  const idOf = new Map<string, string>(vehicles.map((vehicle) => [vehicle.sourceId, vehicle.id]));
  const sourceOf = new Map<string, string>(
    [...groups, ...vehicles, ...drivers].map((record) => [record.id, record.sourceId]),
  );
  expect(
    bySourceId(groups.map((group) => ({ sourceId: group.sourceId, name: group.name, parent: group.parent }))),
  ).toEqual(bySourceId(expectedGroups()).map((group) => ({ ...group, parent: undefined })));
  expect(
    bySourceId(
      vehicles.map((vehicle) => ({
        sourceId: vehicle.sourceId,
        status: vehicle.status,
        name: vehicle.name,
        groupSourceIds: vehicle.groups.map((id: string) => sourceOf.get(id)),
        deviceSourceIds: vehicle.devices,
      })),
    ),
  ).toEqual(bySourceId(expectedVehicles(account.fleet)));
  expect(
    bySourceId(
      drivers.map((driver) => ({
        sourceId: driver.sourceId,
        status: driver.status,
        firstName: driver.firstName,
        lastName: driver.lastName,
        email: driver.email,
        phone: driver.phone,
        username: driver.username,
        groupSourceIds: driver.groups,
      })),
    ),
  ).toEqual(bySourceId(expectedDrivers(account.fleet)));

  const trips = await listAll("/trips", key, token);
  const expected = expectedTrips(account.fleet, from, to);
  expect(
    bySourceId(
      trips.map((trip) => ({
        sourceId: trip.sourceId,
        vehicleSourceId: sourceOf.get(trip.vehicle),
        ...(trip.driver ? { driverSourceId: sourceOf.get(trip.driver) } : {}),
        startLocation: trip.startLocation,
        endLocation: trip.endLocation,
        distance: trip.distance,
        startedAt: trip.startedAt,
        endedAt: trip.endedAt,
      })),
    ),
  ).toEqual(bySourceId(expected));

  const days = await listAll("/vehicles/utilization", key, token);
  const expectedDays = new Map<string, { distance: number; driving: number; startAt: string; endAt: string }>();
  for (const trip of expected) {
    const dayKey = `${trip.vehicleSourceId}|${trip.startedAt.slice(0, 10)}`;
    const day = expectedDays.get(dayKey) ?? { distance: 0, driving: 0, startAt: trip.startedAt, endAt: trip.endedAt };
    day.distance += Math.round(trip.distance * 1000);
    day.driving += Date.parse(trip.endedAt) - Date.parse(trip.startedAt);
    if (trip.endedAt > day.endAt) day.endAt = trip.endedAt;
    if (trip.startedAt < day.startAt) day.startAt = trip.startedAt;
    expectedDays.set(dayKey, day);
  }
  expect(days).toHaveLength(expectedDays.size);
  for (const day of days) {
    const wanted = expectedDays.get(`${sourceOf.get(day.vehicle)}|${day.startAt.slice(0, 10)}`);
    expect(wanted, day.startAt).toBeDefined();
    expect(day).toMatchObject({
      startAt: wanted!.startAt,
      endAt: wanted!.endAt,
      durations: { driving: wanted!.driving, idling: 0 },
    });
    expect(Math.abs(day.distance - round2(wanted!.distance / 1000))).toBeLessThanOrEqual(0.011);
  }

  for (const vehicle of expectedVehicles(account.fleet)) {
    const points = await listAll(
      `/vehicles/${idOf.get(vehicle.sourceId)}/locations?startAt=${iso(from)}&endAt=${iso(to)}`,
      key,
      token,
    );
    const canonical = breadcrumbsBetween(account.fleet, vehicle.sourceId, from, to);
    expect(points.map((point) => point.locatedAt)).toEqual(canonical.map((point) => iso(point.time)));
    points.forEach((point, index) => {
      expect(point.location).toEqual({ latitude: canonical[index]!.latitude, longitude: canonical[index]!.longitude });
      expect(point.speed).toBe(Math.round(canonical[index]!.speedKmh));
      expect(point.heading).toBe(Math.round(canonical[index]!.heading));
    });
  }

  const latest = await listAll("/vehicles/locations", key, token);
  expect(latest.map((location) => sourceOf.get(location.vehicle)).sort()).toEqual(
    expectedVehicles(account.fleet)
      .map((vehicle) => vehicle.sourceId)
      .sort(),
  );
  const instants: number[] = [];
  for (let at = Date.parse(job.requestedAt); at < Date.parse(job.completedAt!); at += 5_000) instants.push(at);
  instants.push(Date.parse(job.completedAt!));
  for (const location of latest) {
    const vehicle = sourceOf.get(location.vehicle)!;
    const canonical = instants
      .map((at) => latestOf(account.fleet, vehicle, at))
      .find((candidate) => iso(candidate.time) === location.locatedAt);
    expect(canonical, `${vehicle} at ${location.locatedAt}`).toBeDefined();
    expect(location).toMatchObject({
      provider: "webfleet",
      location: { latitude: canonical!.latitude, longitude: canonical!.longitude },
      heading: Math.round(canonical!.heading),
      speed: Math.round(canonical!.speedKmh),
      odometer: round2(Math.round(canonical!.odometerKm * 10) / 10),
      engineState: canonical!.engineState === "on" ? "on" : "off",
    });
  }
  return { trips, vehicles };
}

describe("a Webfleet sync, through the API", () => {
  it("stores the canonical fleet: vehicles, drivers, trips, utilization, breadcrumbs and latest locations", async () => {
    const account = await createWebfleetAccount({ vehicles: 3 });
    const { key, token } = await connectWebfleet(account, { backfill: { days: 1 } }, { timeSeries: true });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const { vehicles } = await expectSynced(account, key, token, job);
    const raw = await call("GET", `${BASE.sandbox}/vehicles/${vehicles[0].id}?raw=true`, { key, token });
    expect(raw.body.raw[0]).toMatchObject({ provider: "webfleet", schema: "webfleet.showObjectReportExtern" });
    expect(raw.body.raw[0].data).toMatchObject({ objectuid: vehicles[0].sourceId, latitude_mdeg: expect.any(Number) });
  }, 90_000);

  it("survives quota answers and server errors mid-sync: nothing lost, nothing duplicated", async () => {
    // Faults start after the connection exists: verification is a live call, where a quota answer is a 429.
    const account = await createWebfleetAccount({ vehicles: 2 });
    const { key, token } = await connectWebfleet(account, { backfill: { days: 0 } }, { timeSeries: true });
    await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    await patchWebfleetAccount(account, { faults: { rateLimitRate: 0.3, serverErrorRate: 0.1, malformedRate: 0.05 } });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: { days: 1 } });
    const { job } = await waitForSync(key, token, sync.body.id, { timeoutMs: 100_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const stats = await webfleetStats(account);
    expect(stats.injected.rateLimit ?? 0).toBeGreaterThan(0);
    const { trips } = await expectSynced(account, key, token, job);
    expect(new Set(trips.map((trip) => trip.sourceId)).size).toBe(trips.length);
  }, 120_000);
});

describe("the fake WEBFLEET.connect, as the adapter meets it", () => {
  it("enforces each action's quota with HTTP 200 + X-Webfleet-Errorcode 8011, which the adapter reads as rate_limited", async () => {
    const account = await createWebfleetAccount({ vehicles: 1, quotas: { showTripReportExtern: 1 } });
    const window = { start: new Date(startOfDay(Date.now()) - DAY), end: new Date(startOfDay(Date.now())) };
    const first = await webfleetAdapter.readPage("trips", readRequest(account, { window }));
    expect(first.items).toHaveLength(2);
    const second = webfleetAdapter.readPage("trips", readRequest(account, { window }));
    await expect(second).rejects.toMatchObject({ kind: "rate_limited", retryAfterSeconds: 1 });
    await expect(second).rejects.toBeInstanceOf(ProviderError);
    expect((await webfleetStats(account)).overQuota).toEqual({ showTripReportExtern: 1 });
    // Other actions have their own quota.
    expect((await readAllPages(account, "vehicles")).items).toHaveLength(1);
  });

  it("answers CSV by default, account-local times without useISO8601, Basic auth, and refuses a missing API key", async () => {
    const account = await createWebfleetAccount({ vehicles: 1 });
    const { accountName, username, password } = account.credentials;
    const base = `${env.WEBFLEET_BASE_URL}/extern?action=showDriverReportExtern&account=${accountName}`;
    const csv = await fetch(`${base}&username=${username}&password=${password}&apikey=k`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("x-webfleet-errorcode")).toBeNull();
    expect((await csv.text()).split("\n")[0]).toMatch(/^driverno;driveruid;name1/);
    const basic = await fetch(`${base}&apikey=k&outputformat=json`, {
      headers: { authorization: `Basic ${btoa(`${username}:${password}`)}` },
    });
    expect(await basic.json()).toHaveLength(1);
    const noKey = await fetch(`${base}&username=${username}&password=${password}&outputformat=json`);
    expect(noKey.status).toBe(200);
    expect(noKey.headers.get("x-webfleet-errorcode")).toBe("8");
    expect(await noKey.json()).toMatchObject({ errorCode: 8, errorMsg: expect.any(String) });
    const wrong = await fetch(`${base}&username=${username}&password=nope&apikey=k`);
    expect(wrong.headers.get("x-webfleet-errorcode")).toBe("1001");
    expect(await wrong.text()).toMatch(/^1001, /);
    const local = await fetch(
      `${env.WEBFLEET_BASE_URL}/extern?action=showObjectReportExtern&account=${accountName}&username=${username}&password=${password}&apikey=k&outputformat=json`,
    );
    const [row] = (await local.json()) as { pos_time: string }[];
    expect(row!.pos_time).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/);
  });

  it("with session locking, answers 8015 to a user's overlapping calls (rate_limited for the adapter)", async () => {
    const account = await createWebfleetAccount({ vehicles: 1, sessionLocking: true, faults: { delayMs: 300 } });
    const results = await Promise.allSettled([
      webfleetAdapter.readPage("drivers", readRequest(account)),
      webfleetAdapter.readPage("drivers", readRequest(account)),
    ]);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 10 });
    expect((await webfleetStats(account)).busy).toBe(1);
    await patchWebfleetAccount(account, { revoked: true });
    await expect(webfleetAdapter.readPage("drivers", readRequest(account))).rejects.toMatchObject({
      kind: "unauthorized",
    });
  });
});
