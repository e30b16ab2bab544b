/**
 * Geotab end to end: POST /connections verifies with the fake MyGeotab, the first sync runs
 * through the real Durable Object and queue consumer, and what the API then answers (GET
 * /groups, /vehicles, /drivers, /devices, /vehicles/utilization, /safety/events) is exactly the
 * canonical fleet mapped to the normalized model: ids by source id, km and litres, TimeSpans
 * summed to milliseconds, 2 decimals. Then incremental syncs and revoked credentials; faults,
 * session expiry and server federation are in geotab-sync-behaviour.test.ts.
 */
import { describe, expect, it } from "vitest";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { expected, expectFleet, setup, stored } from "./geotab-canonical";
import {
  bySourceId,
  createGeotabAccount,
  expectedDevices,
  expectedDrivers,
  expectedVehicles,
  geotabStats,
  listAll,
  patchGeotabAccount,
} from "./geotab-helpers";

describe("connecting", () => {
  it("lists Geotab as a live provider with its credential form and what it supports", async () => {
    const app = await createTestApplication();
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const geotab = providers.body.find((provider: { code: string }) => provider.code === "geotab");
    expect(geotab).toMatchObject({ name: "Geotab", status: "live" });
    expect(geotab.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(
      geotab.credentials.map((field: { name: string; required: boolean }) => [field.name, field.required]),
    ).toEqual([
      ["username", true],
      ["password", true],
      ["database", true],
      ["server", false],
    ]);
    expect(geotab.credentials.find((field: { name: string }) => field.name === "password").type).toBe("password");
    const read = (model: string) => geotab.supportedModels[model].supportedOperations.read;
    for (const model of ["Vehicle", "Driver", "Group", "Device", "VehicleUtilization", "SafetyEvent"]) {
      expect(read(model)).toBe("supported");
    }
    expect(read("CameraMedia")).toBe("not_supported_by_provider");
  });

  it("verifies the credentials: the account (database, API user) and source id are filled", async () => {
    const { account, connection } = await setup({ vehicles: 1 });
    expect(connection.sourceId).toBe(account.database);
    expect(connection.account).toEqual({
      name: account.database,
      dotNumbers: [],
      user: { sourceId: "b1", firstName: "Fleet", lastName: "Admin", email: account.userName },
    });
  });

  it("answers 422 invalid_credentials when MyGeotab rejects them, 400 for a server that is not MyGeotab's, 429 when rate limited", async () => {
    const app = await createTestApplication();
    const account = await createGeotabAccount({ vehicles: 1 });
    const create = (credentials: Record<string, string>) =>
      call("POST", `${BASE.sandbox}/connections`, {
        key: app.keys.sandbox.secret,
        body: { provider: "geotab", credentials },
      });
    const rejected = await create({ ...account.credentials, password: "not-the-password" });
    expect(rejected.status).toBe(422);
    expect(rejected.body.code).toBe("invalid_credentials");
    const elsewhere = await create({ ...account.credentials, server: "my.geotab.com.example.net" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail[0].path).toBe("{requestBody}.credentials.server");
    const missing = await create({ username: account.userName, password: account.password });
    expect(missing.status).toBe(400);
    await patchGeotabAccount(account, { faults: { rateLimitRate: 1, retryAfterSeconds: 7 } });
    const limited = await create(account.credentials);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: "too_many_requests", retryAfter: 7 });
  });
});

describe("the first sync", () => {
  it("stores exactly the canonical fleet, normalized (ids by source id, km, litres, ms, 2 decimals)", async () => {
    const { account, key, token } = await setup({ vehicles: 6 }, { backfill: { days: 2 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token));
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    const actual = await stored(key, token);
    const wanted = expected(account, job);
    expect(wanted.days).toHaveLength(6 * 3);
    expect(wanted.events.length).toBeGreaterThan(0);
    expectFleet(actual, wanted);
    // Raw entries keep Geotab's own payloads.
    const raw = await call("GET", `${BASE.sandbox}/vehicles/${actual.raw.vehicles[0].id}?raw=true`, { key, token });
    expect(raw.body.raw[0]).toMatchObject({ provider: "geotab", schema: "geotab.Device" });
    expect(raw.body.raw[0].data).toMatchObject({ id: actual.raw.vehicles[0].sourceId, deviceType: "GO9" });
    const days = await call("GET", `${BASE.sandbox}/vehicles/utilization?raw=true&limit=1`, { key, token });
    expect(days.body.results[0].raw[0].schema).toBe("geotab.Trip+StatusData");
    expect(days.body.results[0].raw[0].data.trips[0].drivingDuration).toMatch(/^\d{2}:\d{2}:\d{2}(\.\d{7})?$/);
    // Camera media is not in the MyGeotab API.
    const media = await call("GET", `${BASE.sandbox}/safety/events/${actual.raw.events[0].id}/camera-media`, {
      key,
      token,
    });
    expect(media.status).toBe(501);
    expect(media.body.code).toBe("not_implemented");
  });

  it("pages a large fleet to the end (several GetFeed pages a listing, several device groups of utilization)", async () => {
    const { account, key, token } = await setup({ vehicles: 420 }, { backfill: { days: 0 } });
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 80_000 });
    expect(job.status).toBe("completed");
    const actual = await stored(key, token);
    expectFleet(actual, expected(account, job));
    const stats = await geotabStats(account);
    // 3 pages of 200 for vehicles and devices (Device feed), and for drivers (User feed: 421 users).
    expect(stats.calls["GetFeed Device"]! - stats.overLimit).toBeLessThanOrEqual(6);
    expect(stats.calls["GetFeed User"]).toBeGreaterThanOrEqual(3);
    expect(stats.calls["Get Trip"]).toBe(420);
  }, 90_000);
});

describe("later syncs", () => {
  it("see vehicles and drivers added, changed and removed at Geotab", async () => {
    const { account, key, token } = await setup({ vehicles: 8 }, { backfill: { days: 1 } });
    await waitForSync(key, token, await lastSyncId(key, token));
    const before = await stored(key, token);
    await patchGeotabAccount(account, { revision: 2 });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    expect(sync.status).toBe(201);
    const { job } = await waitForSync(key, token, sync.body.id);
    expect(job.status).toBe("completed");
    const after = await stored(key, token);
    expect(after.vehicles).toEqual(bySourceId(expectedVehicles(account.fleet)));
    expect(after.drivers).toEqual(bySourceId(expectedDrivers(account.fleet)));
    expect(after.devices).toEqual(bySourceId(expectedDevices(account.fleet)));
    const ids = (records: { sourceId: string }[]) => records.map((record) => record.sourceId);
    const added = ids(after.vehicles).filter((id) => !ids(before.vehicles).includes(id));
    const removed = ids(before.vehicles).filter((id) => !ids(after.vehicles).includes(id));
    expect(added).toEqual(["veh-10", "veh-9"]);
    expect(removed.length).toBeGreaterThan(0);
    const renamed = after.vehicles.filter(
      (vehicle) => before.vehicles.find((earlier) => earlier.sourceId === vehicle.sourceId)?.name !== vehicle.name,
    );
    expect(renamed.map((vehicle) => vehicle.sourceId)).toEqual(expect.arrayContaining(added));
    expect(renamed.length).toBeGreaterThan(added.length);
    const deleted = await listAll("/vehicles?deleted=true", key, token);
    expect(
      deleted
        .filter((vehicle) => vehicle.metadata.deletedAt)
        .map((vehicle) => vehicle.sourceId)
        .sort(),
    ).toEqual(removed.sort());
  });

  it("end the connection when the password changed at Geotab (InvalidUserException after re-authenticating)", async () => {
    const { account, connection, key, token } = await setup({ vehicles: 2 });
    await waitForSync(key, token, await lastSyncId(key, token));
    await patchGeotabAccount(account, { revoked: true });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, { key, token, body: {} });
    const { job } = await waitForSync(key, token, sync.body.id);
    expect(job.status).toBe("failed");
    expect(job.failureReason).toContain("InvalidUserException");
    const current = await call("GET", `${BASE.sandbox}/connections/current`, { key, token });
    expect(current.body).toMatchObject({ id: connection.id, status: "disconnected" });
  });
});
