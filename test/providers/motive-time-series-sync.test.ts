/**
 * Motive's time series end to end: a connection to the fake Motive API syncs, and what the API
 * then answers (GET /trips, GET /vehicles/{id}/locations, GET /vehicles/{id}/stats/historical,
 * GET /vehicles/locations) is the canonical series of ../fakes/series.ts, read through Motive's
 * shapes and units, within Motive's precision.
 */
import { describe, expect, it } from "vitest";
import { STAT_FIELDS } from "../../src/families/vehicle-stat-logs/stat-fields";
import { drivingPeriodId, motiveIds } from "../fakes/motive/ids.ts";
import { statsBetween, tripsBetween, tripsOfDay } from "../fakes/series.ts";
import {
  connectMotive,
  createMotiveAccount,
  DAY_MS,
  fleetOf,
  listAll,
  round2,
  waitForLastSync,
} from "./motive-helpers";

const iso = (ms: number) => new Date(ms).toISOString();

describe("Motive: time series after a sync", () => {
  it("serves yesterday's trips, breadcrumbs and stat readings, and the latest locations, as the canonical series", {
    timeout: 60_000,
  }, async () => {
    const account = await createMotiveAccount({ vehicles: 2 });
    const fleet = fleetOf(account);
    const connection = await connectMotive(account, { backfill: { days: 1 } }, { timeSeries: true });
    const job = await waitForLastSync(connection);
    expect(job).toMatchObject({ status: "completed", progress: 100 });

    const vehicles = await listAll(connection, "/vehicles");
    const drivers = await listAll(connection, "/drivers");
    const vehicleId = new Map(vehicles.map((vehicle) => [vehicle.sourceId as string, vehicle.id as string]));
    const driverId = new Map(drivers.map((driver) => [driver.sourceId as string, driver.id as string]));
    const ourVehicle = (canonical: string) => vehicleId.get(String(motiveIds.vehicle(canonical)))!;
    const ourDriver = (canonical: string | undefined) =>
      canonical === undefined ? undefined : driverId.get(String(motiveIds.user(canonical)));
    const from = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
    const to = from + DAY_MS;
    const window = `startAt=${iso(from)}&endAt=${iso(to)}`;

    // Trips: yesterday's driving periods.
    const trips = await listAll(connection, `/trips?startedAfter=${iso(from)}&startedBefore=${iso(to)}`);
    const expectedTrips = tripsBetween(fleet, ["veh-1", "veh-2"], from, to);
    expect(trips).toHaveLength(expectedTrips.length);
    for (const canonical of expectedTrips) {
      const trip = trips.find((candidate) => candidate.sourceId === String(drivingPeriodId(canonical.id)));
      const driver = ourDriver(canonical.driverId);
      expect(trip).toMatchObject({
        provider: "motive",
        vehicle: ourVehicle(canonical.vehicleId),
        ...(driver ? { driver } : {}),
        startLocation: canonical.start,
        endLocation: canonical.end,
        startedAt: iso(canonical.startedAt),
        endedAt: iso(canonical.endedAt),
        duration: canonical.endedAt - canonical.startedAt,
      });
      expect(Math.abs(trip.distance - canonical.distanceKm)).toBeLessThanOrEqual(0.011);
    }

    for (const canonicalVehicle of ["veh-1", "veh-2"]) {
      const id = ourVehicle(canonicalVehicle);

      // Breadcrumbs: every point of yesterday's trips, with Motive's point as raw.
      const points = await listAll(connection, `/vehicles/${id}/locations?${window}&raw=true`);
      const expected = tripsOfDay(fleet, canonicalVehicle, from / DAY_MS).flatMap((trip) =>
        trip.points.map((point) => ({ point, driver: ourDriver(trip.driverId) })),
      );
      expect(points).toHaveLength(expected.length);
      points.forEach((stored, index) => {
        const { point, driver } = expected[index]!;
        expect(stored).toMatchObject({
          provider: "motive",
          vehicle: id,
          ...(driver ? { driver } : {}),
          locatedAt: iso(point.time),
          location: { latitude: point.latitude, longitude: point.longitude },
          address: { formatted: expect.any(String) },
          heading: point.heading,
          speed: round2(point.speedKmh),
        });
        expect(stored.raw[0]).toMatchObject({
          provider: "motive",
          schema: "/v3/vehicle_locations/{vehicle_id}",
          data: { id: stored.sourceId, located_at: iso(point.time).replace(".000Z", "Z") },
        });
      });

      // Stat readings: what the points carry (Motive has no rpm or coolant temperature).
      const readings = await listAll(connection, `/vehicles/${id}/stats/historical?${window}`);
      const canonicalStats = statsBetween(fleet, canonicalVehicle, from, to).filter(
        (stat) => stat.type !== "engine_rpm" && stat.type !== "engine_coolant_temperature",
      );
      const key = (type: string, timestamp: string) => `${timestamp}|${type}`;
      const stored = new Map(
        readings.map((reading) => [
          key(reading.type, reading.timestamp),
          reading[STAT_FIELDS[reading.type as keyof typeof STAT_FIELDS].field],
        ]),
      );
      expect(stored.size).toBe(canonicalStats.length);
      for (const stat of canonicalStats) expect(stored.get(key(stat.type, iso(stat.time))), stat.type).toBe(stat.value);
    }

    // The live snapshot the sync read: every vehicle, where it was then.
    const latest = await listAll(connection, "/vehicles/locations");
    expect(latest.map((location) => location.vehicle).sort()).toEqual([...vehicleId.values()].sort());
    for (const location of latest) {
      expect(location).toMatchObject({
        provider: "motive",
        location: { latitude: expect.any(Number), longitude: expect.any(Number) },
        odometer: expect.any(Number),
        engineState: expect.stringMatching(/^(on|off)$/),
      });
    }
  });
});
