/**
 * Verizon Connect Reveal end to end: POST /connections checks the REST integration user against
 * the fake Verizon API (real HTTP), the sync runs through the real Durable Object and queue
 * consumer, and what the API then answers is the canonical fleet read through Verizon's shapes:
 * vehicles, drivers, latest locations, breadcrumbs and trips. Tokens that expire mid-sync and
 * throttled bursts lose nothing and duplicate nothing.
 */
import { describe, expect, it } from "vitest";
import { vehiclesAt } from "../fakes/fleet.ts";
import { latestOf, tripsOfDay } from "../fakes/series.ts";
import { driverNumber, hasPrivateLocation, isPrivateTrip, vehicleNumber } from "../fakes/verizon/ids.ts";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { waitForSync } from "../helpers/sync";
import {
  connectVerizon,
  createVerizonAccount,
  DAY_MS,
  expectedDrivers,
  expectedVehicles,
  fleetOf,
  iso,
  listAll,
  PROVIDER_CODE,
  patchVerizonAccount,
  round2,
  storedFleet,
  type VerizonAccount,
  type VerizonConnection,
  verizonStats,
  waitForLastSync,
} from "./verizon-helpers";

/** Yesterday, whole: the day both the first sync and the resync read completely. */
const yesterday = () => {
  const from = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  return { from, to: from + DAY_MS };
};

/** The stored series of yesterday against the canonical one (private points and ends left out). */
async function expectYesterdaysSeries(connection: VerizonConnection, account: VerizonAccount) {
  const fleet = fleetOf(account);
  const { ids } = await storedFleet(connection);
  const { from, to } = yesterday();
  const vehicles = vehiclesAt(fleet);
  const trips = await listAll(connection, `/trips?startedAfter=${iso(from)}&startedBefore=${iso(to)}`);
  const canonicalTrips = vehicles.flatMap((vehicle) => tripsOfDay(fleet, vehicle.id, from / DAY_MS));
  expect(trips).toHaveLength(canonicalTrips.length);
  expect(new Set(trips.map((trip) => trip.sourceId)).size).toBe(trips.length);
  for (const canonical of canonicalTrips) {
    const sourceId = `${vehicleNumber(canonical.vehicleId)}/${iso(canonical.startedAt)}`;
    const trip = trips.find((candidate) => candidate.sourceId === sourceId);
    const driver = canonical.driverId ? ids.driver.get(driverNumber(canonical.driverId)) : undefined;
    const hidden = isPrivateTrip(canonical);
    expect(trip, sourceId).toMatchObject({
      provider: PROVIDER_CODE,
      vehicle: ids.vehicle.get(vehicleNumber(canonical.vehicleId)),
      ...(driver ? { driver } : {}),
      startedAt: iso(canonical.startedAt),
      endedAt: iso(canonical.endedAt),
      distance: round2(canonical.distanceKm),
      ...(hidden ? {} : { startLocation: canonical.start, endLocation: canonical.end }),
    });
    if (hidden) expect(trip).not.toHaveProperty("startLocation");
  }
  for (const vehicle of vehicles) {
    const id = ids.vehicle.get(vehicleNumber(vehicle.id))!;
    const points = await listAll(connection, `/vehicles/${id}/locations?startAt=${iso(from)}&endAt=${iso(to)}`);
    const expected = tripsOfDay(fleet, vehicle.id, from / DAY_MS)
      .filter((trip) => !isPrivateTrip(trip))
      .flatMap((trip) => trip.points.map((point) => ({ point, driverId: trip.driverId })));
    expect(points.map((point) => point.locatedAt)).toEqual(expected.map(({ point }) => iso(point.time)));
    points.forEach((stored, index) => {
      const { point, driverId } = expected[index]!;
      const driver = driverId ? ids.driver.get(driverNumber(driverId)) : undefined;
      expect(stored).toMatchObject({
        vehicle: id,
        ...(driver ? { driver } : {}),
        location: { latitude: point.latitude, longitude: point.longitude },
        speed: round2(point.speedKmh),
        address: { formatted: expect.stringContaining(", USA") },
      });
    });
  }
}

describe("Verizon Connect Reveal: the provider", () => {
  it("asks for username, password and the optional company name and DOT number, and says what it serves", async () => {
    const app = await createTestApplication();
    const providers = await call("GET", `${BASE.sandbox}/providers`, { key: app.keys.sandbox.secret });
    const verizon = providers.body.find((provider: { code: string }) => provider.code === PROVIDER_CODE);
    expect(verizon).toMatchObject({
      name: "Verizon Connect Reveal",
      credentials: [
        { name: "username", type: "text", required: true },
        { name: "password", type: "password", required: true },
        { name: "companyName", required: false },
        { name: "companyDotNumber", required: false },
      ],
    });
    for (const model of [
      "Vehicle",
      "Driver",
      "LatestVehicleLocation",
      "VehicleLocation",
      "VehicleStatLog",
      "Trip",
      "FaultCodeEvent",
    ]) {
      expect(verizon.supportedModels[model].supportedOperations.read, model).toBe("supported");
    }
    expect(verizon.supportedModels.VehicleUtilization.supportedOperations.read).toBe("not_supported_by_provider");
    expect(verizon.supportedModels.Group.supportedOperations.read).toBe("not_supported_by_terminal");
  });
});

describe("Verizon Connect Reveal: sync", () => {
  it("stores the canonical vehicles, drivers, latest locations, breadcrumbs and trips", {
    timeout: 90_000,
  }, async () => {
    const account = await createVerizonAccount({ vehicles: 4 });
    const connection = await connectVerizon(
      account,
      {
        backfill: { days: 1 },
        credentials: {
          username: account.username,
          password: account.password,
          companyName: "Acme Plumbing",
          companyDotNumber: "3141592",
        },
      },
      { timeSeries: true },
    );
    expect(connection.body).toMatchObject({
      provider: { code: PROVIDER_CODE, name: "Verizon Connect Reveal" },
      status: "connected",
      account: { name: "Acme Plumbing", dotNumbers: ["3141592"] },
    });
    const job = await waitForLastSync(connection);
    expect(job).toMatchObject({ status: "completed", progress: 100 });
    const fleet = fleetOf(account);
    const stored = await storedFleet(connection);
    expect(stored.vehicles).toEqual(expectedVehicles(fleet));
    expect(stored.drivers).toEqual(expectedDrivers(fleet));
    await expectYesterdaysSeries(connection, account);

    // The live snapshot: every vehicle but the private one (veh-4), where it was when read.
    const latest = await listAll(connection, "/vehicles/locations");
    const shown = vehiclesAt(fleet).filter((vehicle) => !hasPrivateLocation(vehicle.id));
    expect(latest.map((location) => location.vehicle).sort()).toEqual(
      shown.map((vehicle) => stored.ids.vehicle.get(vehicleNumber(vehicle.id))).sort(),
    );
    for (const vehicle of shown) {
      const location = latest.find(
        (candidate) => candidate.vehicle === stored.ids.vehicle.get(vehicleNumber(vehicle.id)),
      );
      const canonical = latestOf(fleet, vehicle.id, Date.parse(location.locatedAt));
      expect(location).toMatchObject({
        provider: PROVIDER_CODE,
        location: { latitude: canonical.latitude, longitude: canonical.longitude },
        heading: canonical.heading,
        speed: round2(canonical.speedKmh),
      });
    }
    // Stat logs: every point's odometer (private points too), as Verizon rounds it (0.1 km).
    const { from, to } = yesterday();
    for (const vehicle of vehiclesAt(fleet)) {
      const id = stored.ids.vehicle.get(vehicleNumber(vehicle.id))!;
      const readings = await listAll(
        connection,
        `/vehicles/${id}/stats/historical?startAt=${iso(from)}&endAt=${iso(to)}`,
      );
      const points = tripsOfDay(fleet, vehicle.id, from / DAY_MS).flatMap((trip) => trip.points);
      expect(readings.map((reading) => [reading.type, reading.timestamp, reading.odometer])).toEqual(
        points.map((point) => ["odometer", iso(point.time), Math.round(point.odometerKm * 10) / 10]),
      );
    }
    // One token served the whole sync (and the verification before it).
    expect(await verizonStats(account)).toMatchObject({ tokensIssued: 1, expiredTokens: 0 });
  });

  it("tokens expiring mid-sync and throttled bursts (429, 403 + Mashery code): nothing lost, nothing duplicated", {
    timeout: 120_000,
  }, async () => {
    // A token serves 12 calls here (a sync makes about 35): it expires several times mid-sync. (Fewer
    // would renew it more often than the 10 a minute `/token` is paced to.)
    const account = await createVerizonAccount({ vehicles: 2, tokenTtlCalls: 12 });
    const connection = await connectVerizon(account, { backfill: { days: 0 } }, { timeSeries: true });
    await waitForLastSync(connection);
    // Throttling starts after the connection exists: verification is a live call.
    await patchVerizonAccount(account, { faults: { rateLimitRate: 0.2, retryAfterSeconds: 0.4 } });
    const sync = await call("POST", `${BASE.sandbox}/syncs`, {
      key: connection.key,
      token: connection.token,
      body: { days: 1 },
    });
    expect(sync.status, JSON.stringify(sync.body)).toBe(201);
    const { job } = await waitForSync(connection.key, connection.token, sync.body.id, { timeoutMs: 100_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const fleet = fleetOf(account);
    const stored = await storedFleet(connection);
    expect(stored.vehicles).toEqual(expectedVehicles(fleet));
    expect(stored.drivers).toEqual(expectedDrivers(fleet));
    await expectYesterdaysSeries(connection, account);
    const stats = await verizonStats(account);
    expect(stats.expiredTokens).toBeGreaterThanOrEqual(2);
    // Each expired token was renewed once: never a token per request.
    expect(stats.tokensIssued).toBe(stats.expiredTokens + 1);
    expect(stats.throttled).toBeGreaterThan(0);
  });
});
