/**
 * Geotab's time series end to end: a connection to the fake MyGeotab syncs through the real
 * queue and Durable Object, and then GET /trips, GET /vehicles/{id}/locations, GET
 * /vehicles/{id}/stats/historical and GET /vehicles/locations answer the canonical series
 * (test/fakes/series.ts) of the synced window in canonical units: trips in km with their start
 * and end points, breadcrumbs at their exact positions (whole km/h), each stat reading in its
 * unit, the live snapshot as the fleet stood when it was read.
 */
import { describe, expect, it } from "vitest";
import { STAT_FIELDS } from "../../src/families/vehicle-stat-logs/stat-fields";
import { dayOf } from "../fakes/fleet.ts";
import { tripsAround } from "../fakes/geotab/render-series.ts";
import { breadcrumbsBetween, latestOf, statsBetween, tripsBetween, tripsOfDay } from "../fakes/series.ts";
import { BASE, call } from "../helpers/http";
import { lastSyncId, waitForSync } from "../helpers/sync";
import { setup, startOfDay } from "./geotab-canonical";
import { DAY, listAll } from "./geotab-helpers";

const round2 = (value: number) => Math.round(value * 100) / 100;
const iso = (ms: number) => new Date(ms).toISOString();
const VEHICLES = ["veh-1", "veh-2"];

describe("a Geotab connection's time series, through the API", () => {
  it("are the canonical trips, breadcrumbs, stat readings and live snapshot of the synced window", async () => {
    const { account, key, token } = await setup(
      { vehicles: VEHICLES.length },
      { backfill: { days: 0 } },
      { timeSeries: true },
    );
    const { job } = await waitForSync(key, token, await lastSyncId(key, token), { timeoutMs: 60_000 });
    expect(job.status, job.failureReason).toBe("completed");
    const from = startOfDay(Date.parse(job.startFrom!));
    const to = startOfDay(Date.parse(job.requestedAt)) + DAY;
    const window = `startAt=${iso(from)}&endAt=${iso(to)}`;
    const vehicles = await listAll("/vehicles", key, token);
    const idOf = new Map<string, string>(vehicles.map((vehicle) => [vehicle.sourceId, vehicle.id]));
    const drivers = await listAll("/drivers", key, token);
    const driverIdOf = new Map<string, string>(drivers.map((driver) => [driver.sourceId, driver.id]));

    const trips = await listAll("/trips", key, token);
    const expectedTrips = tripsBetween(account.fleet, VEHICLES, from, to).map((trip) => {
      // Geotab's last trip of a day stops when its utilization day ends (test/fakes/geotab/render-series.ts).
      const last = tripsOfDay(account.fleet, trip.vehicleId, Math.floor(trip.startedAt / DAY)).at(-1)!;
      const dayEnd = Date.parse(dayOf(account.fleet, trip.vehicleId, iso(trip.startedAt).slice(0, 10)).endAt);
      const endedAt = trip.id === last.id ? dayEnd : trip.endedAt;
      return {
        sourceId: trip.id,
        vehicle: idOf.get(trip.vehicleId),
        ...(trip.driverId ? { driver: driverIdOf.get(trip.driverId) } : {}),
        startLocation: trip.start,
        endLocation: trip.end,
        distance: round2(trip.distanceKm),
        duration: endedAt - trip.startedAt,
        startedAt: iso(trip.startedAt),
        endedAt: iso(endedAt),
      };
    });
    const bySource = (a: { sourceId: string }, b: { sourceId: string }) => a.sourceId.localeCompare(b.sourceId);
    expect(trips.map(({ id: _id, provider: _provider, metadata: _metadata, ...trip }) => trip).sort(bySource)).toEqual(
      expectedTrips.sort(bySource),
    );

    for (const vehicle of VEHICLES) {
      const path = `/vehicles/${idOf.get(vehicle)}`;
      const points = await listAll(`${path}/locations?${window}`, key, token);
      const canonical = breadcrumbsBetween(account.fleet, vehicle, from, to);
      expect(points.map((point) => point.locatedAt)).toEqual(canonical.map((point) => iso(point.time)));
      points.forEach((point, index) => {
        expect(point.location).toEqual({
          latitude: canonical[index]!.latitude,
          longitude: canonical[index]!.longitude,
        });
        expect(Math.abs(point.speed - canonical[index]!.speedKmh)).toBeLessThanOrEqual(0.5);
        expect(point.sourceId).toBe(`lr-${vehicle}-${canonical[index]!.time}`);
      });

      const readings = await listAll(`${path}/stats/historical?${window}`, key, token);
      const statValue = (reading: any) => reading[STAT_FIELDS[reading.type as keyof typeof STAT_FIELDS].field];
      const byKey = new Map(readings.map((reading) => [`${reading.type}|${reading.timestamp}`, reading]));
      expect(byKey.size).toBe(readings.length);
      // The GO device writes its total-fuel counter when each trip's ignition goes off; at a stop
      // that falls on a canonical reading's instant, the counter's reading is the one kept.
      const fuelAtStop = new Map(
        tripsAround(account.fleet, vehicle, from, to - 1).map(({ stop, fuelUsed }) => [stop, fuelUsed]),
      );
      for (const stat of statsBetween(account.fleet, vehicle, from, to)) {
        const key = `${stat.type}|${iso(stat.time)}`;
        const atStop = stat.type === "total_fuel_consumption" ? fuelAtStop.get(stat.time) : undefined;
        expect(statValue(byKey.get(key)), `${vehicle} ${key}`).toEqual(atStop ?? stat.value);
        byKey.delete(key);
      }
      for (const reading of byKey.values()) {
        expect(reading.type).toBe("total_fuel_consumption");
        expect(reading[STAT_FIELDS.total_fuel_consumption.field]).toBe(fuelAtStop.get(Date.parse(reading.timestamp)));
      }
    }

    const raw = await call(
      "GET",
      `${BASE.sandbox}/vehicles/${idOf.get("veh-1")}/locations?${window}&limit=1&raw=true`,
      {
        key,
        token,
      },
    );
    expect(raw.body.results[0].raw[0]).toMatchObject({ provider: "geotab", schema: "geotab.LogRecord" });
    expect(raw.body.results[0].raw[0].data).toMatchObject({ device: { id: "veh-1" }, speed: expect.any(Number) });

    // The snapshot the sync read: the fleet as it stood at some instant of the sync (it moves every 30 s).
    const latest = await listAll("/vehicles/locations", key, token);
    expect(latest.map((location) => location.vehicle).sort()).toEqual(
      VEHICLES.map((vehicle) => idOf.get(vehicle)).sort(),
    );
    const instants: number[] = [];
    for (let at = Date.parse(job.requestedAt); at < Date.parse(job.completedAt!); at += 5_000) instants.push(at);
    instants.push(Date.parse(job.completedAt!));
    for (const location of latest) {
      const vehicle = vehicles.find((candidate) => candidate.id === location.vehicle).sourceId as string;
      const candidates = instants.map((at) => latestOf(account.fleet, vehicle, at));
      const canonical = candidates.find((candidate) => iso(candidate.time) === location.locatedAt);
      expect(canonical, `${vehicle} at ${location.locatedAt}`).toBeDefined();
      expect(location).toMatchObject({
        provider: "geotab",
        ...(canonical!.driverId ? { driver: driverIdOf.get(canonical!.driverId) } : {}),
        location: { latitude: canonical!.latitude, longitude: canonical!.longitude },
        heading: canonical!.heading,
        odometer: canonical!.odometerKm,
        fuel: { primaryPercentage: canonical!.fuelPercent },
        engineState: canonical!.engineState,
        engineRuntime: canonical!.engineRuntimeMs,
      });
      expect(Math.abs(location.speed - canonical!.speedKmh)).toBeLessThanOrEqual(0.5);
    }
  }, 90_000);
});
