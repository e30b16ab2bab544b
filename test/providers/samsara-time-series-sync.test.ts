/**
 * Samsara's time series end to end: a connection to the fake Samsara made through the API, its
 * first sync (the real queue consumer and Durable Object), then what GET /trips,
 * GET /vehicles/{id}/locations, GET /vehicles/{id}/stats/historical and GET /vehicles/locations
 * answer, against the canonical series (test/fakes/series.ts) as Samsara carries it: trips
 * without driver or distance, speeds through mph (2 decimals), whole fuel percents. Yesterday
 * is compared in full (today is still being written by the fleet).
 */
import { describe, expect, it } from "vitest";
import { vehiclesAt } from "../fakes/fleet.ts";
import { breadcrumbsBetween, statsBetween, tripsBetween } from "../fakes/series.ts";
import { createTestApplication } from "../helpers/factories";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { connectSamsara, createSamsaraAccount, listAll } from "./samsara-helpers";

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The API's field of each stat type's value (data-families.md "Vehicle stat logs"). */
const VALUE_FIELD: Record<string, string> = {
  engine_state: "state",
  odometer: "odometer",
  total_fuel_consumption: "fuelConsumed",
  fuel_level: "fuelPercentage",
  engine_runtime: "duration",
  engine_coolant_temperature: "temperature",
  engine_rpm: "rpm",
  battery_voltage: "voltage",
};

describe("a Samsara connection's time series", () => {
  it("syncs trips, breadcrumbs, stat logs and latest locations that match the canonical series", async () => {
    const app = await createTestApplication({ timeSeries: true });
    const account = await createSamsaraAccount({ vehicles: 2 });
    const { fleet } = account;
    const connection = await connectSamsara(app, account.token, { backfill: { days: 1 } });
    const key = app.keys.sandbox.secret;
    const token = connection.token;
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 90_000 });
    expect(job).toMatchObject({ status: "completed" });
    expect(job.issues).toEqual([]);

    const vehicles = await listAll(key, token, "/vehicles");
    const idOf = new Map(vehicles.map((vehicle: { id: string; sourceId: string }) => [vehicle.sourceId, vehicle.id]));
    const sourceOf = new Map([...idOf].map(([sourceId, id]) => [id, sourceId]));
    const yesterday = Math.floor(Date.parse(job.requestedAt) / DAY_MS) * DAY_MS - DAY_MS;
    const [from, to] = [yesterday, yesterday + DAY_MS];
    const window = `startAt=${iso(from)}&endAt=${iso(to)}`;

    const trips = await listAll(key, token, `/trips?startedAfter=${iso(from)}&startedBefore=${iso(to)}`);
    const ids = vehiclesAt(fleet).map((vehicle) => vehicle.id);
    const expectedTrips = tripsBetween(fleet, ids, from, to).map((trip) => ({
      sourceId: `${trip.vehicleId}:${iso(trip.startedAt)}`,
      vehicle: trip.vehicleId,
      startLocation: trip.start,
      endLocation: trip.end,
      duration: trip.endedAt - trip.startedAt,
      startedAt: iso(trip.startedAt),
      endedAt: iso(trip.endedAt),
    }));
    const projected = trips.map((trip) => ({
      sourceId: trip.sourceId,
      vehicle: sourceOf.get(trip.vehicle?.id ?? trip.vehicle),
      startLocation: trip.startLocation,
      endLocation: trip.endLocation,
      duration: trip.duration,
      startedAt: trip.startedAt,
      endedAt: trip.endedAt,
      ...(trip.driver ? { driver: trip.driver } : {}),
      ...(trip.distance === undefined ? {} : { distance: trip.distance }),
    }));
    expect(expectedTrips).toHaveLength(4);
    const bySource = (a: { sourceId: string }, b: { sourceId: string }) => a.sourceId.localeCompare(b.sourceId);
    expect(projected.sort(bySource)).toEqual(expectedTrips.sort(bySource));

    for (const vehicleId of ids) {
      const id = idOf.get(vehicleId);
      const locations = await listAll(key, token, `/vehicles/${id}/locations?${window}`);
      const breadcrumbs = breadcrumbsBetween(fleet, vehicleId, from, to);
      expect(locations.length).toBe(breadcrumbs.length);
      for (const [index, location] of locations.entries()) {
        const canonical = breadcrumbs[index]!;
        expect(location).toMatchObject({
          locatedAt: iso(canonical.time),
          location: { latitude: canonical.latitude, longitude: canonical.longitude },
          heading: canonical.heading,
        });
        expect(Math.abs(location.speed - canonical.speedKmh)).toBeLessThanOrEqual(0.02);
      }

      const stats = await listAll(key, token, `/vehicles/${id}/stats/historical?${window}`);
      const order = (a: { type: string; timestamp: string }, b: { type: string; timestamp: string }) =>
        a.timestamp.localeCompare(b.timestamp) || a.type.localeCompare(b.type);
      const expected = statsBetween(fleet, vehicleId, from, to)
        .map((stat) => ({ type: stat.type, timestamp: iso(stat.time), value: stat.value }))
        .sort(order);
      const actual = stats
        .map((stat) => ({ type: stat.type, timestamp: stat.timestamp, value: stat[VALUE_FIELD[stat.type]!] }))
        .sort(order);
      expect(actual.length).toBe(expected.length);
      for (const [index, stat] of actual.entries()) {
        const canonical = expected[index]!;
        expect([stat.type, stat.timestamp]).toEqual([canonical.type, canonical.timestamp]);
        if (stat.type === "fuel_level")
          expect(Math.abs(stat.value - (canonical.value as number))).toBeLessThanOrEqual(0.5);
        else expect(stat.value).toEqual(canonical.value);
      }
    }

    // raw=true: a breadcrumb's raw is its own gps reading, as Samsara sent it.
    const first = breadcrumbsBetween(fleet, ids[0]!, from, to)[0]!;
    const [withRaw] = await listAll(key, token, `/vehicles/${idOf.get(ids[0]!)}/locations?${window}&raw=true`);
    expect(withRaw.raw).toEqual([
      expect.objectContaining({
        provider: "samsara",
        data: expect.objectContaining({ time: iso(first.time).replace(".000Z", "Z"), latitude: first.latitude }),
      }),
    ]);

    const latest = await listAll(key, token, "/vehicles/locations");
    expect(latest.map((location) => sourceOf.get(location.vehicle?.id ?? location.vehicle)).sort()).toEqual(
      [...ids].sort(),
    );
    for (const location of latest) {
      expect(location).toMatchObject({
        locatedAt: expect.any(String),
        location: { latitude: expect.any(Number), longitude: expect.any(Number) },
        odometer: expect.any(Number),
        fuel: { primaryPercentage: expect.any(Number) },
        engineState: expect.stringMatching(/^(on|off)$/),
        engineRuntime: expect.any(Number),
      });
    }
  }, 60_000);
});
